package io.mosaicod.reliability;

import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.StopSignal;
import io.mosaicod.tasks.optimizer.OptimizerSettings;
import io.mosaicod.tasks.optimizer.PassSummary;
import io.mosaicod.tasks.optimizer.StoreOptimizer;
import io.mosaicod.tasks.optimizer.TopicOptimizer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A store-optimizer instance inside the test JVM, over a store the test may wrap to inject a fault the real
 * one cannot be made to show on cue (latency). Registered in the instance registry like a process.
 */
final class InProcessOptimizer implements AutoCloseable {
    private final Repository repository;
    private final long instanceId;
    private final ScheduledExecutorService renewals = Executors.newSingleThreadScheduledExecutor();
    private final StoreOptimizer optimizer;

    InProcessOptimizer(Repository repository, ObjectStore store, BufferAllocator allocator, OptimizerSettings settings) {
        this.repository = repository;
        this.instanceId = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "reliability",
                ProcessHandle.current().pid(), true);
        StopSignal stop = new StopSignal();
        TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(), store,
                allocator, settings, renewals, stop);
        this.optimizer = new StoreOptimizer(repository.optimizationQueue(), topics, settings, instanceId, stop);
    }

    /** Default chunk size, no memory pool, the given lease, spilling into {@code spill}. */
    static OptimizerSettings settings(Duration lease, Path spill) {
        return new OptimizerSettings(256_000_000L, 0, lease, spill, 3);
    }

    PassSummary runPass() {
        return optimizer.runPass();
    }

    @Override
    public void close() {
        renewals.shutdownNow();
        repository.instances().deregister(instanceId);
    }
}
