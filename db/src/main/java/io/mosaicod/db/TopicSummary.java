package io.mosaicod.db;

/** A topic with the totals of its chunks and what the optimizer does with it: a line of {@code topic ls}. */
public record TopicSummary(Topic topic, int chunks, long bytes, long rows, boolean leased, boolean givenUp) {

    public TopicState uploadState() {
        return TopicState.upload(topic);
    }

    public TopicState optimizationState() {
        return TopicState.optimization(topic, leased, givenUp);
    }

    /** Whether it shows {@code state}, as its upload or its optimization state. */
    public boolean shows(TopicState state) {
        return state.isUploadState() ? uploadState() == state : optimizationState() == state;
    }
}
