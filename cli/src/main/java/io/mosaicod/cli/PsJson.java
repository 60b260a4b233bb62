package io.mosaicod.cli;

import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceSnapshot;
import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.QueueOverview;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ps --json}: the same report as the table, for scripts and monitoring — every field whole (no
 * abbreviated error), times as UTC ISO-8601 with the database clock's {@code now} beside them.
 */
final class PsJson {
    private PsJson() {
    }

    static Map<String, Object> of(InstanceSnapshot instances, Optional<CleanupRun> lastCleanup, QueueOverview queue,
                                  boolean all) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("now", instances.now().toString());
        report.put("instances", instances.instances().stream()
                .filter(i -> all || InstanceStatus.of(i, instances.now()) != InstanceStatus.DEAD)
                .map(i -> instance(i, InstanceStatus.of(i, instances.now()))).toList());
        report.put("last_cleanup", lastCleanup.map(PsJson::cleanup).orElse(null));
        Map<String, Object> optimization = new LinkedHashMap<>();
        optimization.put("queued", queue.waiting());
        optimization.put("to_queue_next_pass", queue.unqueued());
        optimization.put("leased", queue.leased().stream().map(PsJson::lease).toList());
        optimization.put("recent_failures", queue.recentFailures().stream().map(PsJson::failure).toList());
        optimization.put("max_attempts", queue.maxAttempts());
        optimization.put("given_up", queue.givenUp().stream().map(GivenUp::asMap).toList());
        report.put("optimization_queue", optimization);
        return report;
    }

    private static Map<String, Object> instance(Instance instance, InstanceStatus status) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", instance.id());
        fields.put("kind", instance.kind().label());
        fields.put("mode", instance.oneShot() ? "one-shot" : "continuous");
        fields.put("host", instance.host());
        fields.put("pid", instance.pid());
        fields.put("started_at", instance.startedAt().toString());
        fields.put("last_heartbeat_at", instance.lastHeartbeatAt().toString());
        fields.put("status", status.label());
        return fields;
    }

    private static Map<String, Object> cleanup(CleanupRun run) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", run.id());
        fields.put("instance_id", run.instanceId());
        fields.put("state", lower(run.state().name()));
        fields.put("started_at", run.startedAt().toString());
        fields.put("ended_at", run.endedAt().map(Object::toString).orElse(null));
        fields.put("marked", run.marked());
        fields.put("deleted", run.deleted());
        fields.put("failed", run.failed());
        fields.put("errors", List.copyOf(run.errors()));
        return fields;
    }

    private static Map<String, Object> lease(LeasedTopic lease) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("topic", lease.topicLocator());
        fields.put("instance_id", lease.instanceId());
        fields.put("leased_at", lease.leasedAt().toString());
        fields.put("expires_at", lease.expiresAt().toString());
        fields.put("attempt", lease.attempts());
        return fields;
    }

    private static Map<String, Object> failure(OptimizationRun run) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("topic", run.topicLocator());
        fields.put("instance_id", run.instanceId());
        fields.put("ended_at", run.endedAt().toString());
        fields.put("outcome", lower(run.outcome().name()));
        fields.put("error", run.error().orElse(null));
        return fields;
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
