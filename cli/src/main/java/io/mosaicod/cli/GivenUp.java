package io.mosaicod.cli;

import io.mosaicod.core.CountText;
import io.mosaicod.db.FailingTopic;
import java.util.LinkedHashMap;
import java.util.Map;

/** How {@code ps} and {@code topic show} say that the optimizer gave up on a topic: in the same words. */
final class GivenUp {
    static final String NOT_RETRIED = "not retried until `mosaicod store-optimizer --retry-failed`";

    private GivenUp() {
    }

    /** Below {@code ps}'s table of given-up topics. */
    static String explanation(int maxAttempts) {
        return "These failed " + CountText.of(maxAttempts, "time") + " in a row (MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS): "
                + NOT_RETRIED + ".";
    }

    /** A topic's optimization state in {@code topic show}. */
    static String state(FailingTopic topic) {
        return "given up: failed " + CountText.of(topic.failedAttempts(), "time") + ", " + NOT_RETRIED;
    }

    /** The JSON of both commands: the error in full. */
    static Map<String, Object> asMap(FailingTopic topic) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("topic", topic.topicLocator());
        fields.put("failed_attempts", topic.failedAttempts());
        fields.put("last_failure_at", topic.lastFailure().endedAt().toString());
        fields.put("instance_id", topic.lastFailure().instanceId());
        fields.put("error", topic.lastFailure().error().orElse(null));
        return fields;
    }
}
