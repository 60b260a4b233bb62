package io.mosaicod.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The renewal's verdicts. Where a verdict depends on time, the test runs the renewal attempts itself and
 * advances the renewal's clock, so a loaded machine cannot change the outcome; the lease is an hour long,
 * so the scheduler never runs an attempt of its own meanwhile.
 */
class LeaseRenewalTest {
    private static final Duration LONG = Duration.ofHours(1);
    private final AtomicLong clock = new AtomicLong(42);
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopScheduler() {
        scheduler.shutdownNow();
    }

    /**
     * The commit ends the lease; a renewal in flight at that moment then finds no lease. Once renewing was
     * stopped for the commit, that must not count (or be logged) as a lost lease.
     */
    @Test
    void aRenewalLandingAfterTheStopBeforeTheCommitIsNoLoss() throws Exception {
        CountDownLatch renewing = new CountDownLatch(1);
        CountDownLatch committed = new CountDownLatch(1);
        // the lease is gone once the renewal returns: the commit ended it
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", answeringWhen(renewing, committed, false), LONG,
                scheduler, clock::get)) {
            Thread inFlight = new Thread(renewal::renew, "renewal in flight");
            inFlight.start();
            assertThat(renewing.await(10, TimeUnit.SECONDS)).as("a renewal started").isTrue();
            renewal.stopRenewing();
            committed.countDown();
            inFlight.join(TimeUnit.SECONDS.toMillis(10));
            assertThat(inFlight.isAlive()).as("the renewal ended").isFalse();
            assertThat(renewal.lost()).isEmpty();
        }
    }

    @Test
    void aRenewalTheRepositoryRefusesLosesTheLease() {
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", () -> false, LONG, scheduler, clock::get)) {
            renewal.renew();
            assertThat(renewal.lost()).hasValue("taken over by another instance, or expired");
        }
    }

    @Test
    void renewalsThatKeepFailingForAWholeLeaseDurationLoseTheLease() {
        AtomicInteger attempts = new AtomicInteger();
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", () -> {
            attempts.incrementAndGet();
            throw new IllegalStateException("database unreachable");
        }, LONG, scheduler, clock::get)) {
            renewal.renew();
            clock.addAndGet(LONG.toNanos());
            renewal.renew();
            assertThat(renewal.lost()).as("failing for exactly the lease duration").isEmpty();
            clock.incrementAndGet();
            renewal.renew();
            assertThat(renewal.lost()).get().asString().isEqualTo("not renewable for 3600 s: database unreachable");
            renewal.renew();
            assertThat(attempts.get()).as("attempts, none after the loss").isEqualTo(3);
        }
    }

    @Test
    void aRenewalThatHasNotReturnedForAWholeLeaseDurationLosesTheLease() throws Exception {
        CountDownLatch renewing = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        // a database that stopped answering on an open connection
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", answeringWhen(renewing, answer, true), LONG,
                scheduler, clock::get)) {
            Thread hanging = new Thread(renewal::renew, "renewal that hangs");
            hanging.start();
            try {
                assertThat(renewing.await(10, TimeUnit.SECONDS)).as("a renewal started").isTrue();
                clock.addAndGet(LONG.toNanos());
                assertThat(renewal.lost()).as("exactly the lease duration").isEmpty();
                clock.incrementAndGet();
                assertThat(renewal.lost()).hasValue("not renewed for 3600 s");
            } finally {
                answer.countDown();
                hanging.join();
            }
            assertThat(renewal.lost()).as("a renewal returning late does not bring the lease back")
                    .hasValue("not renewed for 3600 s");
        }
    }

    @Test
    void aSuccessfulRenewalRestartsTheTimeRenewalsMayFail() {
        AtomicBoolean reachable = new AtomicBoolean(false);
        try (LeaseRenewal renewal = new LeaseRenewal("a test lease", () -> {
            if (!reachable.get()) {
                throw new IllegalStateException("database unreachable");
            }
            return true;
        }, LONG, scheduler, clock::get)) {
            clock.addAndGet(LONG.toNanos() - 1);
            reachable.set(true);
            renewal.renew();
            reachable.set(false);
            clock.addAndGet(LONG.toNanos());
            renewal.renew();
            assertThat(renewal.lost()).as("failing for one lease duration since the last renewal").isEmpty();
            clock.incrementAndGet();
            renewal.renew();
            assertThat(renewal.lost()).isPresent();
        }
    }

    /** A renewal that says it started, then waits until {@code answer} opens and returns {@code renewed}. */
    private static LeaseRenewal.Renewer answeringWhen(CountDownLatch started, CountDownLatch answer, boolean renewed) {
        return () -> {
            started.countDown();
            try {
                answer.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return renewed;
        };
    }
}
