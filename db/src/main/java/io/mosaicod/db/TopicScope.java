package io.mosaicod.db;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Which topics a queue operation considers: every topic, or only those an operator named
 * ({@code store-optimizer --topic LOCATOR}).
 *
 * @param topicIds the named topics' ids, ascending and distinct; empty for {@link #ALL}
 */
public record TopicScope(Optional<List<Long>> topicIds) {
    public static final TopicScope ALL = new TopicScope(Optional.empty());

    public TopicScope {
        topicIds = topicIds.map(ids -> List.copyOf(new TreeSet<>(ids)));
        if (topicIds.filter(List::isEmpty).isPresent()) {
            throw new IllegalArgumentException("a topic scope names at least one topic"); // else it would mean none
        }
    }

    public static TopicScope only(Collection<Long> topicIds) {
        return new TopicScope(Optional.of(List.copyOf(topicIds)));
    }

    public boolean includes(long topicId) {
        return topicIds.map(ids -> ids.contains(topicId)).orElse(true);
    }

    @Override
    public String toString() {
        return topicIds.map(ids -> "topics " + ids).orElse("all topics");
    }
}
