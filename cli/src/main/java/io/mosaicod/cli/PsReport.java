package io.mosaicod.cli;

import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceSnapshot;
import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.QueueOverview;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What {@code mosaicod ps} prints (DESIGN.md §8): the registered instances with their liveness, the state of
 * the last cleanup pass, and the optimization queue. Every age is judged against the database clock, so the
 * report is right whatever the clock of the machine it runs on.
 */
final class PsReport {
    /** Failures older than this are history, not news; {@code topic show} has them all. */
    static final Duration RECENT_FAILURES = Duration.ofHours(24);
    /** Cleanup errors and failure messages shown without {@code -v}. */
    private static final int BRIEF_ERRORS = 3;
    private static final int BRIEF_MESSAGE_LENGTH = 80;

    private final InstanceSnapshot instances;
    private final Optional<CleanupRun> lastCleanup;
    private final QueueOverview queue;
    private final boolean all;
    private final boolean verbose;
    private final Map<Long, Instance> byId;

    PsReport(InstanceSnapshot instances, Optional<CleanupRun> lastCleanup, QueueOverview queue, boolean all,
             boolean verbose) {
        this.instances = instances;
        this.lastCleanup = lastCleanup;
        this.queue = queue;
        this.all = all;
        this.verbose = verbose;
        this.byId = instances.instances().stream().collect(Collectors.toMap(Instance::id, Function.identity()));
    }

    void printTo(PrintWriter out) {
        printInstances(out);
        out.println();
        printLastCleanup(out);
        out.println();
        printQueue(out);
    }

    private void printInstances(PrintWriter out) {
        TimeText time = new TimeText(instances.now(), false);
        TextTable table = verbose
                ? new TextTable("KIND", "MODE", "ID", "HOST", "PID", "UPTIME", "LAST HEARTBEAT", "STATUS", "STARTED AT",
                        "HEARTBEAT AT")
                : new TextTable("KIND", "MODE", "ID", "HOST", "PID", "UPTIME", "LAST HEARTBEAT", "STATUS");
        int hidden = 0;
        for (Instance instance : instances.instances()) {
            InstanceStatus status = InstanceStatus.of(instance, instances.now());
            if (status == InstanceStatus.DEAD && !all) {
                hidden++;
                continue;
            }
            String[] cells = {instance.kind().label(), instance.oneShot() ? "one-shot" : "continuous",
                Long.toString(instance.id()), instance.host(), Long.toString(instance.pid()),
                time.elapsedSince(instance.startedAt()), time.relative(instance.lastHeartbeatAt()), status.label()};
            table.add(verbose ? append(cells, TimeText.absolute(instance.startedAt()),
                    TimeText.absolute(instance.lastHeartbeatAt())) : cells);
        }
        out.println("INSTANCES");
        if (table.hasRows()) {
            table.printTo(out);
        } else {
            out.println("no instance running");
        }
        if (hidden > 0) {
            out.println(count(hidden, "dead instance") + " not shown (-a shows " + (hidden == 1 ? "it" : "them") + ")");
        }
    }

    private void printLastCleanup(PrintWriter out) {
        out.println("LAST CLEANUP");
        if (lastCleanup.isEmpty()) {
            out.println("no cleanup pass recorded yet");
            return;
        }
        CleanupRun run = lastCleanup.get();
        TimeText time = new TimeText(instances.now(), verbose);
        TextTable fields = new TextTable("state", cleanupState(run));
        fields.add("pass", run.id() + " by instance " + instanceWithStatus(run.instanceId()));
        fields.add("started", time.relative(run.startedAt()));
        run.endedAt().ifPresent(ended -> fields.add("ended", time.relative(ended) + ", after "
                + TimeText.span(Duration.between(run.startedAt(), ended))));
        if (run.endedAt().isPresent()) {
            fields.add("result", run.marked() + " marked, " + run.deleted() + " deleted, " + run.failed() + " failed");
        }
        List<String> errors = verbose ? run.errors() : run.errors().stream().limit(BRIEF_ERRORS).toList();
        for (int i = 0; i < errors.size(); i++) {
            fields.add(i == 0 ? "errors" : "", brief(errors.get(i)));
        }
        if (errors.size() < run.errors().size()) {
            fields.add("", "... " + (run.errors().size() - errors.size()) + " more (-v shows all)");
        }
        fields.printTo(out);
    }

    private String cleanupState(CleanupRun run) {
        return switch (run.state()) {
            case RUNNING -> {
                Instance holder = byId.get(run.instanceId());
                if (holder != null && InstanceStatus.of(holder, instances.now()) != InstanceStatus.DEAD) {
                    yield "running";
                }
                // its process died mid-pass; the pass's lease expires and the next pass closes the record
                yield "abandoned: its instance is " + (holder == null ? "gone" : "dead")
                        + "; the next pass records it as interrupted";
            }
            case INTERRUPTED -> "interrupted";
            case SUCCEEDED -> "idle (last pass succeeded)";
            case FAILED -> "idle (last pass failed)";
        };
    }

    private void printQueue(PrintWriter out) {
        TimeText time = new TimeText(queue.now(), verbose);
        out.println("OPTIMIZATION QUEUE");
        out.println(count(queue.waiting(), "topic") + " queued, " + queue.leased().size() + " leased, "
                + queue.recentFailures().size() + " failed in the last " + RECENT_FAILURES.toHours() + " h"
                + (queue.givenUp().isEmpty() ? "" : ", " + queue.givenUp().size() + " given up"));
        if (queue.unqueued() > 0) {
            out.println(count(queue.unqueued(), "complete topic") + " not optimized yet, to be queued by the next"
                    + " optimizer pass");
        }
        if (!queue.leased().isEmpty()) {
            TextTable leases = new TextTable("LEASED TOPIC", "INSTANCE", "LEASED", "EXPIRES", "ATTEMPT");
            for (LeasedTopic lease : queue.leased()) {
                leases.add(lease.topicLocator(), instanceWithStatus(lease.instanceId()),
                        time.relative(lease.leasedAt()), expiry(lease, time), Integer.toString(lease.attempts()));
            }
            out.println();
            leases.printTo(out);
        }
        if (!queue.recentFailures().isEmpty()) {
            TextTable failures = new TextTable("FAILED TOPIC", "INSTANCE", "ENDED", "OUTCOME", "ERROR");
            for (OptimizationRun run : queue.recentFailures()) {
                failures.add(run.topicLocator(), Long.toString(run.instanceId()), time.relative(run.endedAt()),
                        run.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '), brief(run.error().orElse("")));
            }
            out.println();
            failures.printTo(out);
        }
        printGivenUp(out, time);
    }

    /** Topics no pass takes any more: they need an operator, so they are shown whatever their age. */
    private void printGivenUp(PrintWriter out, TimeText time) {
        if (queue.givenUp().isEmpty()) {
            return;
        }
        TextTable givenUp = new TextTable("GIVEN UP TOPIC", "FAILED", "LAST FAILURE", "ERROR");
        for (FailingTopic topic : queue.givenUp()) {
            givenUp.add(topic.topicLocator(), topic.failedAttempts() + " times",
                    time.relative(topic.lastFailure().endedAt()), brief(topic.lastFailure().error().orElse("")));
        }
        out.println();
        givenUp.printTo(out);
        out.println(GivenUp.explanation(queue.maxAttempts()));
    }

    private String expiry(LeasedTopic lease, TimeText time) {
        // an expired lease not reclaimed yet: its holder died, the next optimizer pass frees the topic
        return (lease.expiresAt().isAfter(queue.now()) ? "" : "expired ") + time.relative(lease.expiresAt());
    }

    /** {@code 12 (alive)}, or {@code 12 (gone)} once the instance left the registry. */
    private String instanceWithStatus(long instanceId) {
        Instance instance = byId.get(instanceId);
        return instanceId + " (" + (instance == null ? "gone" : InstanceStatus.of(instance, instances.now()).label())
                + ")";
    }

    private String brief(String message) {
        return verbose || message.length() <= BRIEF_MESSAGE_LENGTH ? message
                : message.substring(0, BRIEF_MESSAGE_LENGTH - 3) + "...";
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String[] append(String[] cells, String... more) {
        String[] all = Arrays.copyOf(cells, cells.length + more.length);
        System.arraycopy(more, 0, all, cells.length, more.length);
        return all;
    }
}
