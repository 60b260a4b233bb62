package io.mosaicod.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryNotificationInfo;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;

/**
 * Keeps the Java heap near what it holds while a memory pool caps the optimizer. Buffers that live as long as
 * a chunk is open outlast a few young collections and reach the old generation, where G1 leaves them until
 * the heap is almost half full: on 2 GB nested topics the heap grew to 1.4 GB and the process to 0.8 GB
 * resident, three times the pool. Whenever the old generation grows {@link #GROWTH_BYTES} past what it held
 * after its last collection, a collection of it is started (concurrent, as the launcher's
 * {@code -XX:+ExplicitGCInvokesConcurrent} makes explicit ones).
 */
final class HeapWatch {
    /**
     * Growth of the old generation that starts a collection; what the optimizer keeps there is ~150-200 MB.
     * Half of what it was (128 MiB) took ~100 MB off the peak of 2 GB nested topics (docs/benchmarks.md).
     */
    static final long GROWTH_BYTES = 64L << 20;

    private HeapWatch() {
    }

    /** Starts watching, for the rest of the process; does nothing on a JVM without such a heap pool. */
    static void start() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isUsageThresholdSupported()
                    && pool.isCollectionUsageThresholdSupported() && pool.getName().contains("Old Gen")) {
                watch(pool);
            }
        }
    }

    private static void watch(MemoryPoolMXBean oldGeneration) {
        oldGeneration.setUsageThreshold(GROWTH_BYTES);
        NotificationListener collect = (notification, handback) -> {
            if (MemoryNotificationInfo.MEMORY_THRESHOLD_EXCEEDED.equals(notification.getType())) {
                System.gc(); // returns once the concurrent cycle has marked what is still live
                MemoryUsage afterCollection = oldGeneration.getCollectionUsage();
                long held = afterCollection == null ? 0 : afterCollection.getUsed();
                // The notification comes only when usage crosses the threshold upwards, so a threshold at or
                // below what the generation holds now would never fire again unless a collection took it lower
                // first: G1 reports no collection usage until its first mixed collection (0 here), and the
                // regions the cycle marked as garbage are freed by later collections, if at all.
                long now = oldGeneration.getUsage().getUsed();
                oldGeneration.setUsageThreshold(Math.max(held + GROWTH_BYTES, now + GROWTH_BYTES / 2));
            }
        };
        ((NotificationEmitter) ManagementFactory.getMemoryMXBean()).addNotificationListener(collect, null, null);
    }
}
