package io.mosaicod.client;

import java.util.List;

/** A sequence a {@code query} found, with its topics that matched. */
public record SequenceMatch(String sequence, List<TopicMatch> topics) {
    public SequenceMatch {
        topics = List.copyOf(topics);
    }
}
