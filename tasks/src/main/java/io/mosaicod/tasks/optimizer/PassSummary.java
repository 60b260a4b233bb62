package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.RunOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one store-optimizer pass did: one result per attempt, in the order it worked on them. A topic can be
 * attempted twice in a pass (its lease lost to a repository outage, then taken again): the counts judge each topic
 * by how its last attempt ended. {@code givenUp} are the topics the pass did not take because they failed the maximum
 * number of attempts: they wait for an operator ({@code store-optimizer --retry-failed}), and are no failure of
 * this pass.
 */
public record PassSummary(List<TopicResult> topics, int reclaimedLeases, int enqueuedTopics, boolean stopped,
                          List<FailingTopic> givenUp) {
    public PassSummary {
        topics = List.copyOf(topics);
        givenUp = List.copyOf(givenUp);
    }

    public long successful() {
        return lastAttempts().stream().filter(TopicResult::succeeded).count();
    }

    /** Failed, lost their lease, or were interrupted: they stay unoptimized and a later pass retries them. */
    public List<TopicResult> failures() {
        return lastAttempts().stream().filter(t -> !t.succeeded()).toList();
    }

    public long alreadyOptimal() {
        return lastAttempts().stream().filter(t -> t.outcome() == RunOutcome.ALREADY_OPTIMAL).count();
    }

    /** mosaicod's own wording, which operators' log searches rely on. */
    public String headline() {
        return "Store optimization routine completed: " + successful() + " topics successful, "
                + failures().size() + " topics failed";
    }

    private List<TopicResult> lastAttempts() {
        Map<String, TopicResult> last = new LinkedHashMap<>();
        for (TopicResult attempt : topics) {
            last.remove(attempt.topicLocator());
            last.put(attempt.topicLocator(), attempt);
        }
        return List.copyOf(last.values());
    }
}
