package io.mosaicod.db.memory;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.Lease;
import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.QueueOverview;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunReport;
import io.mosaicod.db.TopicScope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

final class InMemoryOptimizationQueue implements OptimizationQueue {
    private static final Set<RunOutcome> FAILURES = Set.of(RunOutcome.FAILED, RunOutcome.LEASE_LOST);
    private static final Comparator<OptimizationRun> NEWEST_FIRST =
            Comparator.comparing(OptimizationRun::endedAt).thenComparing(OptimizationRun::id).reversed();

    private final Tables tables;

    InMemoryOptimizationQueue(Tables tables) {
        this.tables = tables;
    }

    @Override
    public int reclaimExpiredLeases() {
        synchronized (tables) {
            Instant now = tables.now();
            List<QueueEntry> expired = tables.queue.values().stream().filter(e -> e.isLeased() && e.isFree(now))
                    .toList();
            expired.forEach(entry -> {
                String fresh = entry.freshFolder;
                entry.freeLease();
                tables.retire(fresh, "optimization lease reclaimed");
            });
            return expired.size();
        }
    }

    @Override
    public int enqueueCompleteUnoptimizedTopics(TopicScope scope, int maxAttempts) {
        synchronized (tables) {
            Instant now = tables.now();
            List<TopicRow> ready = unqueued(scope, maxAttempts);
            ready.forEach(t -> tables.queue.put(t.id, new QueueEntry(t.id, now)));
            return ready.size();
        }
    }

    /** Complete, not optimized, not queued, not given up: what the next enqueue takes. */
    private List<TopicRow> unqueued(TopicScope scope, int maxAttempts) {
        return tables.topics.values().stream()
                .filter(t -> scope.includes(t.id))
                .filter(t -> t.uploadCompletedAt != null && t.optimizedAt == null)
                .filter(t -> !tables.queue.containsKey(t.id))
                .filter(t -> tables.countedFailures(t).size() < maxAttempts).toList();
    }

    /** The topic's FAILED runs since its failures were last cleared, oldest first. */
    @Override
    public List<FailingTopic> failingTopics(TopicScope scope, int minFailedAttempts) {
        if (minFailedAttempts < 1) {
            throw new IllegalArgumentException("minFailedAttempts must be >= 1, got " + minFailedAttempts);
        }
        synchronized (tables) {
            List<FailingTopic> failing = new ArrayList<>();
            for (TopicRow topic : tables.topics.values()) {
                List<OptimizationRun> failures = tables.countedFailures(topic);
                if (scope.includes(topic.id) && topic.optimizedAt == null && failures.size() >= minFailedAttempts) {
                    failing.add(new FailingTopic(topic.id, topic.locator(), failures.size(),
                            failures.get(failures.size() - 1)));
                }
            }
            failing.sort(Comparator.comparing(FailingTopic::topicLocator));
            return failing;
        }
    }

    @Override
    public List<FailingTopic> retryGivenUp(TopicScope scope, int maxAttempts) {
        synchronized (tables) {
            List<FailingTopic> givenUp = failingTopics(scope, maxAttempts);
            givenUp.forEach(t -> tables.topics.get(t.topicId()).failuresClearedThroughRunId = t.lastFailure().id());
            return givenUp;
        }
    }

    @Override
    public Optional<Lease> acquire(long instanceId, Duration leaseDuration, TopicScope scope) {
        synchronized (tables) {
            Instant now = tables.now();
            Optional<QueueEntry> free = tables.queue.values().stream()
                    .filter(e -> e.isFree(now) && scope.includes(e.topicId))
                    .min(Comparator.comparing((QueueEntry e) -> e.enqueuedAt).thenComparingLong(e -> e.topicId));
            free.ifPresent(entry -> {
                String expiredFresh = entry.freshFolder;
                entry.leaseOwner = instanceId;
                entry.leaseToken = UUID.randomUUID().toString();
                entry.freshFolder = "tp_" + Ulid.generate();
                tables.retire(expiredFresh, "optimization lease reclaimed");
                entry.leasedAt = now;
                entry.leaseExpiresAt = now.plusMillis(leaseDuration.toMillis());
                entry.attempts++;
            });
            return free.map(entry -> new Lease(tables.topics.get(entry.topicId).toTopic(), instanceId,
                    entry.leaseToken, entry.freshFolder, entry.leasedAt, entry.leaseExpiresAt, entry.attempts));
        }
    }

    @Override
    public boolean renew(Lease lease, Duration leaseDuration) {
        synchronized (tables) {
            Instant now = tables.now();
            Optional<QueueEntry> held = entry(lease, e -> e.isHeldUnexpiredBy(lease, now));
            held.ifPresent(e -> e.leaseExpiresAt = now.plusMillis(leaseDuration.toMillis()));
            return held.isPresent();
        }
    }

    @Override
    public boolean release(Lease lease) {
        synchronized (tables) {
            return dequeue(lease, e -> e.isHeldBy(lease));
        }
    }

    @Override
    public boolean commitOptimization(Lease lease, List<NewChunk> newChunks, RunReport report) {
        synchronized (tables) {
            Instant now = tables.now();
            long topicId = lease.topic().id();
            if (entry(lease, e -> e.isHeldUnexpiredBy(lease, now)).isEmpty()) {
                return false;
            }
            List<StoredChunk> oldChunks = tables.chunks.values().stream()
                    .filter(c -> c.chunk().topicId() == topicId).toList();
            tables.deleteChunksOf(topicId);
            try {
                InMemoryCatalog.insertChunks(tables, topicId, newChunks);
            } catch (RuntimeException e) {
                oldChunks.forEach(c -> tables.chunks.put(c.chunk().id(), c)); // the transaction rolls back
                throw e;
            }
            TopicRow topic = tables.topics.get(topicId);
            tables.switchFolder(topic, lease.freshFolder());
            tables.dequeue(topicId);
            topic.optimizedAt = now;
            recordRun(lease, report, now);
            return true;
        }
    }

    @Override
    public boolean markAlreadyOptimal(Lease lease, RunReport report) {
        synchronized (tables) {
            Instant now = tables.now();
            if (!dequeue(lease, e -> e.isHeldUnexpiredBy(lease, now))) {
                return false;
            }
            tables.topics.get(lease.topic().id()).optimizedAt = now;
            recordRun(lease, report, now);
            return true;
        }
    }

    @Override
    public void recordUnpublishedRun(Lease lease, RunReport report) {
        synchronized (tables) {
            dequeue(lease, e -> e.isHeldBy(lease));
            recordRun(lease, report, tables.now());
        }
    }

    private Optional<QueueEntry> entry(Lease lease, Predicate<QueueEntry> condition) {
        return Optional.ofNullable(tables.queue.get(lease.topic().id())).filter(condition);
    }

    private boolean dequeue(Lease lease, Predicate<QueueEntry> condition) {
        return entry(lease, condition).map(e -> tables.dequeue(e.topicId)).isPresent();
    }

    /** A run of a topic deleted meanwhile is not recorded: its history went with it. */
    private void recordRun(Lease lease, RunReport report, Instant now) {
        TopicRow topic = tables.topics.get(lease.topic().id());
        if (topic == null) {
            return;
        }
        OptimizationRun run = new OptimizationRun(tables.nextId(), topic.id, topic.locator(), lease.instanceId(),
                lease.acquiredAt(), now, report.outcome(), report.error(), report.in(), report.out());
        tables.runs.put(run.id(), run);
    }

    @Override
    public QueueOverview overview(Duration failuresSince, int maxAttempts) {
        synchronized (tables) {
            Instant now = tables.now();
            int waiting = (int) tables.queue.values().stream().filter(e -> !e.isLeased()).count();
            List<LeasedTopic> leased = tables.queue.values().stream().filter(QueueEntry::isLeased)
                    .sorted(Comparator.comparing((QueueEntry e) -> e.leasedAt).thenComparingLong(e -> e.topicId))
                    .map(e -> new LeasedTopic(e.topicId, tables.topics.get(e.topicId).locator(), e.leaseOwner,
                            e.leasedAt, e.leaseExpiresAt, e.attempts))
                    .toList();
            Instant since = now.minusMillis(failuresSince.toMillis());
            List<OptimizationRun> failures = tables.runs.values().stream()
                    .filter(r -> FAILURES.contains(r.outcome()) && !r.endedAt().isBefore(since))
                    .sorted(NEWEST_FIRST).toList();
            List<FailingTopic> givenUp = maxAttempts == NO_ATTEMPT_LIMIT ? List.of()
                    : failingTopics(TopicScope.ALL, maxAttempts);
            return new QueueOverview(now, waiting, unqueued(TopicScope.ALL, maxAttempts).size(), leased, failures,
                    maxAttempts, givenUp);
        }
    }

    @Override
    public List<OptimizationRun> runsOf(long topicId) {
        synchronized (tables) {
            return tables.runs.values().stream().filter(r -> r.topicId() == topicId).sorted(NEWEST_FIRST).toList();
        }
    }
}
