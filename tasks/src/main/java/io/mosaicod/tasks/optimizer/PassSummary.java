package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.RunOutcome;
import java.util.List;

/** What one store-optimizer pass did: one result per topic it leased, in the order it worked on them. */
public record PassSummary(List<TopicResult> topics, int reclaimedLeases, int enqueuedTopics, boolean stopped) {
    public PassSummary {
        topics = List.copyOf(topics);
    }

    public long successful() {
        return topics.stream().filter(TopicResult::succeeded).count();
    }

    /** Failed, lost their lease, or were interrupted: they stay unoptimized and a later pass retries them. */
    public List<TopicResult> failures() {
        return topics.stream().filter(t -> !t.succeeded()).toList();
    }

    public long alreadyOptimal() {
        return topics.stream().filter(t -> t.outcome() == RunOutcome.ALREADY_OPTIMAL).count();
    }

    /** mosaicod's own wording, which operators' log searches rely on. */
    public String headline() {
        return "Store optimization routine completed: " + successful() + " topics successful, "
                + failures().size() + " topics failed";
    }
}
