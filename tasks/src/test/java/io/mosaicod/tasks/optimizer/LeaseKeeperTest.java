package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.mosaicod.db.Lease;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Topic;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LeaseKeeperTest {
    private static final Lease LEASE = new Lease(new Topic(1, UUID.randomUUID(), 1, 1, "seq/topic", "{}", "tp_A",
            "default", Optional.empty(), Instant.EPOCH, Optional.of(Instant.EPOCH), false, OptionalLong.empty(),
            OptionalLong.empty(), Optional.empty()), 7, "token", "tp_B", Instant.EPOCH, Instant.EPOCH, 1);

    /**
     * The commit deletes the queue row; a renewal in flight at that moment then updates no row. Once the
     * keeper was stopped for the commit, that must not count (or be logged) as a lost lease.
     */
    @Test
    void aRenewalLandingAfterTheStopBeforeTheCommitIsNoLoss() throws Exception {
        CountDownLatch renewing = new CountDownLatch(1);
        CountDownLatch committed = new CountDownLatch(1);
        OptimizationQueue queue = (OptimizationQueue) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {OptimizationQueue.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("renew")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    renewing.countDown();
                    committed.await();
                    return false; // the row is gone: the commit dequeued it
                });
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (LeaseKeeper keeper = new LeaseKeeper(queue, LEASE, Duration.ofSeconds(3), scheduler)) {
            assertThat(renewing.await(10, TimeUnit.SECONDS)).as("a renewal started").isTrue();
            keeper.stopRenewing();
            committed.countDown();
            scheduler.shutdown();
            assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            assertThatCode(keeper::ensureHeld).doesNotThrowAnyException();
        } finally {
            scheduler.shutdownNow();
        }
    }
}
