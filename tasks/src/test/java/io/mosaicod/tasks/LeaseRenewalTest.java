package io.mosaicod.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LeaseRenewalTest {

    /**
     * The commit ends the lease; a renewal in flight at that moment then finds no lease. Once renewing was
     * stopped for the commit, that must not count (or be logged) as a lost lease.
     */
    @Test
    void aRenewalLandingAfterTheStopBeforeTheCommitIsNoLoss() throws Exception {
        CountDownLatch renewing = new CountDownLatch(1);
        CountDownLatch committed = new CountDownLatch(1);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", () -> {
            renewing.countDown();
            try {
                committed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false; // the lease is gone: the commit ended it
        }, Duration.ofSeconds(3), scheduler)) {
            assertThat(renewing.await(10, TimeUnit.SECONDS)).as("a renewal started").isTrue();
            renewal.stopRenewing();
            committed.countDown();
            scheduler.shutdown();
            assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            assertThat(renewal.lost()).isEmpty();
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void aRenewalTheRepositoryRefusesLosesTheLease() throws Exception {
        CountDownLatch refused = new CountDownLatch(1);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", () -> {
            refused.countDown();
            return false;
        }, Duration.ofMillis(30), scheduler)) {
            assertThat(refused.await(10, TimeUnit.SECONDS)).isTrue();
            scheduler.shutdown();
            assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            assertThat(renewal.lost()).hasValue("taken over by another instance, or expired");
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void renewalsThatKeepFailingForAWholeLeaseDurationLoseTheLease() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", () -> {
            attempts.incrementAndGet();
            throw new IllegalStateException("database unreachable");
        }, Duration.ofMillis(30), scheduler)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (renewal.lost().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5); // polling the renewal thread's verdict, bounded by the deadline
            }
            assertThat(renewal.lost()).get().asString().startsWith("not renewable for").contains("database unreachable");
            assertThat(attempts.get()).as("failed renewals before giving up").isGreaterThan(1);
        } finally {
            scheduler.shutdownNow();
        }
    }
}
