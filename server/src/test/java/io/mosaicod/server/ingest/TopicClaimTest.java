package io.mosaicod.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.ClaimedChunks;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.db.UploadClaims;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.testkit.SqliteDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

/**
 * How an upload keeps its claim, on a real repository (SQLite) and real time: claims here last 300–600 ms, and
 * the tests wait for the database clock to pass their expiry.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TopicClaimTest {
    /** Renewals that never come during a test: the claim lasts only as long as its duration or a write's renewal. */
    private static final ClaimTerms UNRENEWED = new ClaimTerms(Duration.ofMillis(300), Duration.ofHours(1),
            Duration.ofMillis(100));

    private SqliteDatabase database;
    private Repository repository;
    private UploadClaims claims;
    private ScheduledExecutorService timer;
    private Topic topic;

    @BeforeAll
    void openRepository() throws Exception {
        database = SqliteDatabase.create();
        repository = Repositories.open(database.config());
        claims = repository.uploadClaims();
        timer = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterAll
    void closeRepository() {
        timer.shutdownNow();
        repository.close();
        database.close();
    }

    @BeforeEach
    void createTopic() {
        String sequenceName = "run" + Ulid.generate();
        long sequence = repository.catalog().createSequence(sequenceName, "{}", "sq_" + Ulid.generate()).id();
        long session = repository.catalog().createSession(sequence).id();
        topic = repository.catalog().createTopic(new NewTopic(session, sequenceName + "/imu", "{}",
                "tp_" + Ulid.generate(), "default", Optional.empty()));
    }

    private TopicClaim take(ClaimTerms terms) {
        return TopicClaim.take(claims, topic, terms, timer).orElseThrow();
    }

    /** Waits until the database clock has passed a claim of {@code terms} taken before {@code takenBefore}. */
    private void awaitExpiry(Instant takenBefore, ClaimTerms terms) throws InterruptedException {
        Instant expired = takenBefore.plus(terms.duration()).plusMillis(1);
        while (repository.now().isBefore(expired)) {
            Thread.sleep(20); // waiting for the clock to pass a point, not for another thread
        }
    }

    private static NewChunk chunk(int ordinal) {
        return new NewChunk(ordinal, "tp_X/data/" + ordinal + ".parquet", 100, 200, 10, OptionalLong.of(1),
                OptionalLong.of(2), true, List.of());
    }

    @Test
    void renewalsOnTheTimerKeepAClaimPastItsDuration() throws Exception {
        ClaimTerms renewed = new ClaimTerms(Duration.ofMillis(600), Duration.ofMillis(100), Duration.ofMillis(300));
        Instant before = repository.now();
        TopicClaim held = take(renewed);

        awaitExpiry(before.plus(renewed.duration()), renewed);

        assertThat(claims.claim(topic.id(), Duration.ofMinutes(5))).as("another server's claim").isEmpty();
        held.requireHeld();
        held.release();
        assertThat(claims.claim(topic.id(), Duration.ofMinutes(5))).as("after the release").isPresent();
    }

    /** A server that was paused past its claim's expiry finds the claim taken and writes nothing more. */
    @Test
    void aHolderWhoseExpiredClaimWasTakenRefusesItsNextWriteAndCannotComplete() throws Exception {
        Instant before = repository.now();
        TopicClaim paused = take(UNRENEWED);
        awaitExpiry(before, UNRENEWED);
        claims.claim(topic.id(), Duration.ofMinutes(5)).orElseThrow();

        assertThatThrownBy(paused::requireHeld).isInstanceOfSatisfying(ProtocolException.class, refusal -> {
            assertThat(refusal.code()).isEqualTo(ErrorCode.FAILED_PRECONDITION);
            assertThat(refusal.getMessage()).contains("`" + topic.locator() + "` is no longer claimed by this upload");
        });
        assertThatThrownBy(() -> record(paused, chunk(0))).isInstanceOf(ProtocolException.class);
        assertThatThrownBy(paused::complete).isInstanceOf(ProtocolException.class);
        paused.release();
        assertThat(repository.catalog().listChunks(topic.id())).isEmpty();
        assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().isUploadComplete()).isFalse();
        assertThat(claims.claim(topic.id(), Duration.ofMinutes(5))).as("the taker still holds it").isEmpty();
    }

    @Test
    void aClaimThatExpiredWithoutATakerIsRenewedBeforeTheNextWrite() throws Exception {
        Instant before = repository.now();
        TopicClaim slow = take(UNRENEWED);
        awaitExpiry(before, UNRENEWED);

        slow.requireHeld();

        assertThat(claims.claim(topic.id(), Duration.ofMinutes(5))).as("renewed by the write").isEmpty();
        record(slow, chunk(0));
        slow.complete();
        assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().isUploadComplete()).isTrue();
    }

    /**
     * A renewal on the timer that was under way when the upload completed finds the claim ended: that is the
     * upload's own end, not a lost claim, and the log must not say an upload stops (it did not; it is complete).
     */
    @Test
    void aRenewalOverlappingTheCompletionIsNotReportedAsALostClaim() throws Exception {
        CountDownLatch renewing = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        UploadClaims heldUp = new UploadClaims() {
            @Override
            public Optional<UploadClaim> claim(long topicId, Duration duration) {
                return claims.claim(topicId, duration);
            }

            @Override
            public boolean isClaimed(long topicId) {
                return claims.isClaimed(topicId);
            }

            @Override
            public boolean renew(UploadClaim claim) {
                renewing.countDown();
                try {
                    proceed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return claims.renew(claim);
            }

            @Override
            public List<ChunksAdded> addChunks(List<ClaimedChunks> uploads) {
                return claims.addChunks(uploads);
            }

            @Override
            public boolean complete(UploadClaim claim) {
                return claims.complete(claim);
            }

            @Override
            public void release(UploadClaim claim) {
                claims.release(claim);
            }
        };
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        Logger logger = (Logger) LoggerFactory.getLogger(TopicClaim.class);
        log.start();
        logger.addAppender(log);
        try {
            ClaimTerms terms = new ClaimTerms(Duration.ofMinutes(5), Duration.ofMillis(20), Duration.ofMinutes(1));
            TopicClaim held = TopicClaim.take(heldUp, topic, terms, timer).orElseThrow();
            renewing.await();

            held.complete();
            proceed.countDown();
            timer.submit(() -> { }).get(); // the single timer thread has finished the renewal

            assertThat(repository.catalog().findTopic(topic.id()).orElseThrow().isUploadComplete()).isTrue();
            assertThat(log.list).filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.WARN)).isEmpty();
        } finally {
            logger.detachAppender(log);
        }
    }

    /** Records a chunk under the claim as the group commit does. */
    private void record(TopicClaim claim, NewChunk chunk) {
        long askedAt = System.nanoTime();
        ChunksAdded added = claims.addChunks(List.of(new ClaimedChunks(claim.held(), List.of(chunk)))).get(0);
        claim.recorded(added.outcome(), askedAt);
    }
}
