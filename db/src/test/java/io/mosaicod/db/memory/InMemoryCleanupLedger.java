package io.mosaicod.db.memory;

import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.RetiredFolder;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

final class InMemoryCleanupLedger implements CleanupLedger {
    private final Tables tables;

    InMemoryCleanupLedger(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Set<String> referencedFolders() {
        synchronized (tables) {
            Set<String> folders = new HashSet<>();
            tables.sequences.values().forEach(s -> folders.add(s.folder()));
            tables.topics.values().forEach(t -> folders.add(t.folder));
            tables.queue.values().stream().map(e -> e.freshFolder).filter(Objects::nonNull).forEach(folders::add);
            return folders;
        }
    }

    @Override
    public boolean isFolderReferenced(String folder) {
        synchronized (tables) {
            return tables.isReferenced(folder);
        }
    }

    @Override
    public List<RetiredFolder> dueForDeletion(Duration retention) {
        synchronized (tables) {
            Instant latest = tables.now().minus(retention);
            return retiredFolders().stream().filter(r -> !r.retiredAt().isAfter(latest)).toList();
        }
    }

    @Override
    public List<RetiredFolder> retiredFolders() {
        synchronized (tables) {
            return tables.retired.values().stream()
                    .sorted(Comparator.comparing(RetiredFolder::retiredAt).thenComparing(RetiredFolder::folder))
                    .toList();
        }
    }

    @Override
    public int retireIfUnreferenced(List<String> folders, String reason) {
        synchronized (tables) {
            Instant now = tables.now();
            int recorded = 0;
            for (String folder : folders) {
                if (!tables.isReferenced(folder) && !tables.retired.containsKey(folder)) {
                    tables.retired.put(folder, new RetiredFolder(folder, now, reason));
                    recorded++;
                }
            }
            return recorded;
        }
    }

    @Override
    public void forget(RetiredFolder retired) {
        synchronized (tables) {
            tables.retired.remove(retired.folder(), retired);
        }
    }

    @Override
    public Optional<Instant> lastSweep() {
        synchronized (tables) {
            return tables.cleanupRuns.values().stream().filter(CleanupRun::swept).map(CleanupRun::startedAt)
                    .max(Comparator.naturalOrder());
        }
    }

    @Override
    public void recordSweep(CleanupPass pass) {
        synchronized (tables) {
            tables.cleanupRuns.computeIfPresent(pass.runId(), (id, run) -> new CleanupRun(run.id(), run.instanceId(),
                    run.startedAt(), run.endedAt(), run.state(), run.marked(), run.deleted(), run.failed(), run.errors(),
                    true));
        }
    }

    @Override
    public Optional<CleanupPass> beginPass(long instanceId, Duration leaseDuration) {
        synchronized (tables) {
            Instant now = tables.now();
            if (tables.cleanupLease != null && tables.cleanupLease.expiresAt().isAfter(now)) {
                return Optional.empty();
            }
            RoutineLease lease = new RoutineLease(instanceId, UUID.randomUUID().toString(),
                    now.plusMillis(leaseDuration.toMillis()));
            tables.cleanupLease = lease;
            // whoever holds the lease knows that any pass still marked running died without finishing
            tables.cleanupRuns.replaceAll((id, run) -> run.state() == CleanupState.RUNNING
                    ? ended(run, now, new CleanupResult(CleanupState.INTERRUPTED, run.marked(), run.deleted(),
                            run.failed(), run.errors()))
                    : run);
            CleanupRun run = new CleanupRun(tables.nextId(), instanceId, now, Optional.empty(), CleanupState.RUNNING,
                    0, 0, 0, List.of(), false);
            tables.cleanupRuns.put(run.id(), run);
            return Optional.of(new CleanupPass(run.id(), instanceId, lease.token(), now, lease.expiresAt()));
        }
    }

    @Override
    public boolean renewPass(CleanupPass pass, Duration leaseDuration) {
        synchronized (tables) {
            Instant now = tables.now();
            RoutineLease lease = tables.cleanupLease;
            if (lease == null || !lease.token().equals(pass.token()) || !lease.expiresAt().isAfter(now)) {
                return false;
            }
            tables.cleanupLease = new RoutineLease(lease.owner(), lease.token(),
                    now.plusMillis(leaseDuration.toMillis()));
            return true;
        }
    }

    @Override
    public void finishPass(CleanupPass pass, CleanupResult result) {
        synchronized (tables) {
            Instant now = tables.now();
            tables.cleanupRuns.computeIfPresent(pass.runId(), (id, run) -> ended(run, now, result));
            if (tables.cleanupLease != null && tables.cleanupLease.token().equals(pass.token())) {
                tables.cleanupLease = null;
            }
        }
    }

    private static CleanupRun ended(CleanupRun run, Instant now, CleanupResult result) {
        return new CleanupRun(run.id(), run.instanceId(), run.startedAt(), Optional.of(now), result.state(),
                result.marked(), result.deleted(), result.failed(), result.errors(), run.swept());
    }

    @Override
    public Optional<CleanupRun> lastRun() {
        synchronized (tables) {
            return tables.cleanupRuns.values().stream()
                    .max(Comparator.comparing(CleanupRun::startedAt).thenComparingLong(CleanupRun::id));
        }
    }
}
