package io.mosaicod.cli.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The one counter of leases lost, which the optimizer's and the cleanup's meters share by label. */
final class LeaseMeters {
    private LeaseMeters() {
    }

    /** @param lease what the lease was on: {@code topic} or {@code cleanup_pass} */
    static Counter lost(MeterRegistry registry, String lease) {
        return Counter.builder("mosaicod.lease.renewals.lost").tag("lease", lease)
                .description("Leases found lost while their work ran (taken over, or not renewable in time)")
                .register(registry);
    }
}
