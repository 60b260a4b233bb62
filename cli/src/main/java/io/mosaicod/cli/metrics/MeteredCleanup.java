package io.mosaicod.cli.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import io.mosaicod.tasks.cleanup.CleanupMetrics;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** The cleanup's meters: passes by how they ended, folders marked, deleted and failed on, pass leases lost. */
final class MeteredCleanup implements CleanupMetrics {
    private final Map<CleanupState, Counter> passes = new EnumMap<>(CleanupState.class);
    private final Counter marked;
    private final Counter deleted;
    private final Counter failed;
    private final Counter leasesLost;

    MeteredCleanup(MeterRegistry registry) {
        for (CleanupState state : CleanupState.values()) {
            if (state != CleanupState.RUNNING) {
                passes.put(state, Counter.builder("mosaicod.cleanup.passes")
                        .tag("state", state.name().toLowerCase(Locale.ROOT))
                        .description("Cleanup passes of this instance ended, by state").register(registry));
            }
        }
        marked = folders(registry, "marked");
        deleted = folders(registry, "deleted");
        failed = folders(registry, "failed");
        leasesLost = LeaseMeters.lost(registry, "cleanup_pass");
    }

    private static Counter folders(MeterRegistry registry, String outcome) {
        return Counter.builder("mosaicod.cleanup.folders").tag("outcome", outcome)
                .description("Store folders the cleanup's sweeps recorded as retired (marked), deleted, or failed on").register(registry);
    }

    @Override
    public void passEnded(CleanupResult result) {
        Counter pass = passes.get(result.state());
        if (pass != null) {
            pass.increment();
        }
        marked.increment(result.marked());
        deleted.increment(result.deleted());
        failed.increment(result.failed());
    }

    @Override
    public void leaseLost() {
        leasesLost.increment();
    }
}
