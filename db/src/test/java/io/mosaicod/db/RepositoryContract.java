package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.Ulid;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every repository implementation must do: {@code <Backend>RepositoryTest} runs it on one backend
 * (InMemory, Sqlite, Postgres). The repository is opened once for the class and wiped before each test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RepositoryContract {
    private static final Duration LONG_LEASE = Duration.ofMinutes(5);

    protected Repository repository;
    protected Catalog catalog;
    protected OptimizationQueue queue;
    private TestRepository testRepository;

    /** The empty repository this class's tests run against; closed after them. */
    protected abstract TestRepository createRepository() throws Exception;

    @BeforeAll
    void openRepository() throws Exception {
        testRepository = createRepository();
        repository = testRepository.repository();
        catalog = repository.catalog();
        queue = repository.optimizationQueue();
    }

    @BeforeEach
    void emptyRepository() {
        testRepository.wipe();
    }

    @AfterAll
    void closeRepository() {
        testRepository.close();
    }

    // ---------------------------------------------------------------- fixtures

    private Sequence sequence(String locator) {
        return catalog.createSequence(locator, "{\"robot\":\"r1\"}", "sq_" + Ulid.generate());
    }

    private Topic topic(Session session, String locator) {
        return catalog.createTopic(new NewTopic(session.id(), locator, "{}", "tp_" + Ulid.generate(), "default",
                Optional.of("imu")));
    }

    private static NewChunk chunk(int ordinal, long minNs, long maxNs) {
        return new NewChunk(ordinal, "data/" + ordinal + ".parquet", 1000 + ordinal, 2000 + ordinal, 10,
                OptionalLong.of(minNs), OptionalLong.of(maxNs), true, List.of());
    }

    /** A topic whose upload is complete, with one chunk per [min, max] pair. */
    Topic uploadedTopic(String locator, long... minMaxPairs) {
        String sequenceLocator = locator.substring(0, locator.indexOf('/'));
        Sequence sequence = catalog.findSequence(sequenceLocator).orElseGet(() -> sequence(sequenceLocator));
        Topic topic = topic(catalog.createSession(sequence.id()), locator);
        for (int i = 0; i < minMaxPairs.length; i += 2) {
            catalog.addChunk(topic.id(), chunk(i / 2, minMaxPairs[i], minMaxPairs[i + 1]));
        }
        assertThat(catalog.markUploadComplete(topic.id())).isTrue();
        return catalog.findTopic(topic.id()).orElseThrow();
    }

    private Lease acquire(long instanceId) {
        return queue.acquire(instanceId, LONG_LEASE).orElseThrow(() -> new AssertionError("nothing to acquire"));
    }

    // ---------------------------------------------------------------- catalog

    @Test
    void sequenceIsCreatedFoundListedAndDeleted() {
        Instant before = repository.now();
        Sequence created = catalog.createSequence("run_b", "{\"k\":1}", "sq_B");
        Sequence other = sequence("run_a");

        assertThat(created.locator()).isEqualTo("run_b");
        assertThat(created.userMetadataJson()).isEqualTo("{\"k\":1}");
        assertThat(created.folder()).isEqualTo("sq_B");
        assertThat(created.createdAt()).isBetween(before, repository.now());
        assertThat(catalog.findSequence("run_b")).contains(created);
        assertThat(catalog.findSequence("missing")).isEmpty();
        assertThat(catalog.listSequences()).containsExactly(other, created);

        assertThat(catalog.deleteSequence(created.id())).isTrue();
        assertThat(catalog.deleteSequence(created.id())).isFalse();
        assertThat(catalog.listSequences()).containsExactly(other);
    }

    @Test
    void duplicateSequenceLocatorIsAlreadyExists() {
        sequence("run");
        assertThatThrownBy(() -> sequence("run"))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Sequence `run` already exists.");
        assertThat(catalog.listSequences()).hasSize(1);
    }

    @Test
    void sessionIsFoundByUuidAndByLocator() {
        Sequence sequence = sequence("run");
        Session first = catalog.createSession(sequence.id());
        Session second = catalog.createSession(sequence.id());

        assertThat(first.uuid()).isNotEqualTo(second.uuid());
        assertThat(first.ulid()).isNotEqualTo(second.ulid());
        assertThat(first.locator()).isEqualTo("run:" + first.ulid());
        assertThat(first.isFinalized()).isFalse();
        assertThat(catalog.findSession(first.uuid())).contains(first);
        assertThat(catalog.findSession(first.locator())).contains(first);
        assertThat(catalog.findSession("run:" + first.ulid().toString().toLowerCase())).contains(first);
        assertThat(catalog.findSession("other:" + first.ulid())).isEmpty();
        assertThat(catalog.findSession("run:not-a-ulid")).isEmpty();
        assertThat(catalog.findSession("run")).isEmpty();
        assertThat(catalog.findSession(UUID.randomUUID())).isEmpty();
        assertThat(catalog.listSessions(sequence.id())).containsExactly(first, second);
    }

    @Test
    void finalizingASessionLocksItsTopicsOnlyOnce() {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        Session otherSession = catalog.createSession(sequence.id());
        Topic topic = topic(session, "run/imu");
        Topic otherTopic = topic(otherSession, "run/gps");

        assertThat(catalog.finalizeSession(session.id())).isTrue();
        assertThat(catalog.finalizeSession(session.id())).isFalse();

        Session finalized = catalog.findSession(session.uuid()).orElseThrow();
        assertThat(finalized.isFinalized()).isTrue();
        assertThat(finalized.completedAt().orElseThrow()).isAfterOrEqualTo(finalized.createdAt());
        assertThat(catalog.findTopic(topic.id()).orElseThrow().locked()).isTrue();
        assertThat(catalog.findTopic(otherTopic.id()).orElseThrow().locked()).isFalse();
        assertThat(catalog.finalizeSession(-1)).isFalse();
    }

    /** The server looks at the session before it creates the topic: a finalize can come in between. */
    @Test
    void aFinalizedSessionTakesNoTopic() {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        topic(session, "run/imu");
        assertThat(catalog.finalizeSession(session.id())).isTrue();

        assertThatThrownBy(() -> topic(session, "run/gps")).isInstanceOf(SessionFinalizedException.class)
                .hasMessageContaining("run/gps");
        assertThat(catalog.findTopicByLocator("run/gps")).isEmpty();
    }

    @Test
    void topicBelongsToItsSessionsSequenceAndIsFoundEveryWay() {
        Sequence sequence = sequence("run");
        Sequence otherSequence = sequence("walk");
        Session session = catalog.createSession(sequence.id());
        Session otherSession = catalog.createSession(sequence.id());
        Topic imu = catalog.createTopic(new NewTopic(session.id(), "run/imu", "{\"hz\":100}", "tp_IMU", "ragged",
                Optional.of("imu")));
        Topic gps = catalog.createTopic(new NewTopic(otherSession.id(), "run/gps", "{}", "tp_GPS", "default",
                Optional.empty()));
        Topic walk = topic(catalog.createSession(otherSequence.id()), "walk/cam");

        assertThat(imu.sequenceId()).isEqualTo(sequence.id());
        assertThat(imu.sessionId()).isEqualTo(session.id());
        assertThat(imu.userMetadataJson()).isEqualTo("{\"hz\":100}");
        assertThat(imu.folder()).isEqualTo("tp_IMU");
        assertThat(imu.serializationFormat()).isEqualTo("ragged");
        assertThat(imu.ontologyTag()).contains("imu");
        assertThat(gps.ontologyTag()).isEmpty();
        assertThat(imu.isUploadComplete()).isFalse();
        assertThat(imu.locked()).isFalse();
        assertThat(imu.isOptimized()).isFalse();
        assertThat(imu.firstTimestampNs()).isEmpty();

        assertThat(catalog.findTopic(imu.id())).contains(imu);
        assertThat(catalog.findTopic(imu.uuid())).contains(imu);
        assertThat(catalog.findTopicByLocator("run/imu")).contains(imu);
        assertThat(catalog.findTopicByLocator("run/none")).isEmpty();
        assertThat(catalog.findTopic(UUID.randomUUID())).isEmpty();
        assertThat(catalog.listTopics()).containsExactly(gps, imu, walk);
        assertThat(catalog.listTopicsOfSequence(sequence.id())).containsExactly(gps, imu);
        assertThat(catalog.listTopicsOfSession(session.id())).containsExactly(imu);
    }

    @Test
    void duplicateTopicLocatorIsAlreadyExistsAcrossSessions() {
        Sequence sequence = sequence("run");
        topic(catalog.createSession(sequence.id()), "run/imu");
        Session otherSession = catalog.createSession(sequence.id());

        assertThatThrownBy(() -> topic(otherSession, "run/imu"))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Topic `run/imu` already exists.");
        assertThat(catalog.listTopics()).hasSize(1);
    }

    @Test
    void topicOfAnUnknownSessionIsRefusedNamingItsLocator() {
        assertThatThrownBy(() -> catalog.createTopic(new NewTopic(12345, "run/imu", "{}", "tp_X", "default",
                Optional.empty())))
                .isInstanceOf(RepositoryException.class)
                .isNotInstanceOf(AlreadyExistsException.class)
                .hasMessageContaining("run/imu");
    }

    /** A request that loses a race against a delete learns that what it wrote to is gone, not the SQL. */
    @Test
    void writesToWhatAnotherRequestDeletedAreConcurrentDeletions() {
        Sequence sequence = sequence("raced");
        Session session = catalog.createSession(sequence.id());
        Topic topic = topic(session, "raced/a");
        assertThat(catalog.deleteTopic(topic.id())).isTrue();
        assertThatThrownBy(() -> catalog.addChunk(topic.id(), chunk(0, 0, 1)))
                .isInstanceOf(ConcurrentDeletionException.class);
        assertThat(catalog.deleteSession(session.id())).isTrue();
        assertThatThrownBy(() -> catalog.createTopic(new NewTopic(session.id(), "raced/b", "{}", "tp_Y", "default",
                Optional.empty()))).isInstanceOf(ConcurrentDeletionException.class);
    }

    @Test
    void completingAnUploadTakesTheTopicTimeRangeFromItsChunks() {
        Topic topic = uploadedTopic("run/imu", 500, 900, 100, 300, 950, 1200);
        assertThat(topic.isUploadComplete()).isTrue();
        assertThat(topic.firstTimestampNs()).hasValue(100);
        assertThat(topic.lastTimestampNs()).hasValue(1200);
        assertThat(catalog.markUploadComplete(topic.id())).as("second completion").isFalse();

        Topic empty = uploadedTopic("run/empty");
        assertThat(empty.isUploadComplete()).isTrue();
        assertThat(empty.firstTimestampNs()).isEmpty();
        assertThat(empty.lastTimestampNs()).isEmpty();
    }

    @Test
    void chunkAndItsColumnStatisticsAreStoredTogether() {
        Topic topic = topic(catalog.createSession(sequence("run").id()), "run/imu");
        List<ColumnStats> stats = List.of(
                new NumericColumnStats("pose.x", OptionalDouble.of(-1.5), OptionalDouble.of(2.25), true, true),
                new TextColumnStats("label", Optional.of("alpha"), Optional.of("omega"), false),
                new NumericColumnStats("empty", OptionalDouble.empty(), OptionalDouble.empty(), true, false),
                new TextColumnStats("blank", Optional.empty(), Optional.empty(), true));
        NewChunk newChunk = new NewChunk(0, "tp_X/data/00000.parquet", 4096, 8192, 77, OptionalLong.of(10),
                OptionalLong.of(20), false, stats);

        Chunk chunk = catalog.addChunk(topic.id(), newChunk);

        assertThat(chunk.topicId()).isEqualTo(topic.id());
        assertThat(chunk.ordinal()).isZero();
        assertThat(chunk.objectKey()).isEqualTo("tp_X/data/00000.parquet");
        assertThat(chunk.sizeBytes()).isEqualTo(4096);
        assertThat(chunk.arrowSizeBytes()).isEqualTo(8192);
        assertThat(chunk.rowCount()).isEqualTo(77);
        assertThat(chunk.minTimestampNs()).hasValue(10);
        assertThat(chunk.maxTimestampNs()).hasValue(20);
        assertThat(chunk.sorted()).isFalse();
        assertThat(catalog.listChunks(topic.id())).containsExactly(chunk);
        assertThat(catalog.columnStats(chunk.id())).containsExactly(stats.get(3), stats.get(2), stats.get(1),
                stats.get(0));
    }

    @Test
    void chunksWithNullsInAColumnAreFoundByTheirStatisticsWithinTheirTopic() {
        Session session = catalog.createSession(sequence("run").id());
        Topic topic = topic(session, "run/imu");
        Topic other = topic(session, "run/gps");
        Chunk nullTimestamps = catalog.addChunk(topic.id(), chunkWithNulls(0, true, false));
        catalog.addChunk(topic.id(), chunkWithNulls(1, false, true));
        Chunk both = catalog.addChunk(topic.id(), chunkWithNulls(2, true, true));
        catalog.addChunk(other.id(), chunkWithNulls(0, true, true));

        assertThat(catalog.chunksWithNulls(topic.id(), "timestamp_ns"))
                .containsExactlyInAnyOrder(nullTimestamps.id(), both.id());
        assertThat(catalog.chunksWithNulls(topic.id(), "no_such_column")).isEmpty();
    }

    @Test
    void topicsChunksAndTheirStatisticsOfNamedColumnsComeInOneLookup() {
        Session session = catalog.createSession(sequence("run").id());
        Topic topic = topic(session, "run/imu");
        Topic other = topic(session, "run/gps");
        Topic empty = topic(session, "run/none");
        Chunk first = catalog.addChunk(topic.id(), chunkWithNulls(0, true, false));
        Chunk second = catalog.addChunk(topic.id(), chunkWithNulls(1, false, true));
        Chunk bare = catalog.addChunk(topic.id(), chunk(2, 5, 6)); // no statistics at all
        Chunk others = catalog.addChunk(other.id(), chunkWithNulls(0, true, true));

        Map<Long, List<ColumnStats>> values = catalog.columnStats(List.of(topic.id()), Set.of("value", "no_such_column"));
        assertThat(values).containsOnlyKeys(first.id(), second.id());
        assertThat(values.get(second.id())).containsExactly(
                new NumericColumnStats("value", OptionalDouble.of(1), OptionalDouble.of(2), true, false));
        assertThat(catalog.columnStats(List.of(topic.id(), other.id()), Set.of("timestamp_ns", "value")))
                .containsOnlyKeys(first.id(), second.id(), others.id())
                .satisfies(all -> assertThat(all.get(first.id()))
                        .containsExactlyInAnyOrderElementsOf(catalog.columnStats(first.id())));
        assertThat(catalog.columnStats(List.of(topic.id()), Set.of())).isEmpty();

        Map<Long, List<Chunk>> chunks = catalog.listChunks(List.of(other.id(), topic.id(), empty.id()));
        assertThat(chunks.get(topic.id())).containsExactly(first, second, bare);
        assertThat(chunks.get(other.id())).containsExactly(others);
        assertThat(chunks.get(empty.id())).isEmpty();
    }

    private static NewChunk chunkWithNulls(int ordinal, boolean nullTimestamps, boolean nullValues) {
        return new NewChunk(ordinal, "tp_X/data/" + ordinal + ".parquet", 1, 1, 1, OptionalLong.of(ordinal),
                OptionalLong.of(ordinal), true, List.of(
                new NumericColumnStats("timestamp_ns", OptionalDouble.of(ordinal), OptionalDouble.of(ordinal),
                        nullTimestamps, false),
                new NumericColumnStats("value", OptionalDouble.of(1), OptionalDouble.of(2), nullValues, false)));
    }

    @Test
    void chunkWhoseInsertFailsLeavesNoStatisticsBehind() {
        Topic topic = topic(catalog.createSession(sequence("run").id()), "run/imu");
        catalog.addChunk(topic.id(), chunk(0, 1, 2));
        NewChunk duplicateOrdinal = new NewChunk(0, "other", 1, 1, 1, OptionalLong.empty(), OptionalLong.empty(),
                true, List.of(new TextColumnStats("s", Optional.of("a"), Optional.of("b"), false)));

        assertThatThrownBy(() -> catalog.addChunk(topic.id(), duplicateOrdinal))
                .isInstanceOf(RepositoryException.class)
                .hasMessageContaining("other");
        assertThat(catalog.listChunks(topic.id())).hasSize(1);
        assertThat(catalog.columnStats(catalog.listChunks(topic.id()).get(0).id())).isEmpty();
    }

    @Test
    void chunksOverlappingAHalfOpenTimeRangeAreListed() {
        Topic topic = uploadedTopic("run/imu", 0, 99, 100, 199, 200, 299, 150, 250);
        List<Chunk> all = catalog.listChunks(topic.id());
        assertThat(all).extracting(Chunk::ordinal).containsExactly(0, 1, 2, 3);

        assertThat(catalog.listChunks(topic.id(), 100, 200)).extracting(Chunk::ordinal).containsExactly(1, 3);
        assertThat(catalog.listChunks(topic.id(), 99, 100)).extracting(Chunk::ordinal).containsExactly(0);
        assertThat(catalog.listChunks(topic.id(), 299, 300)).extracting(Chunk::ordinal).containsExactly(2);
        assertThat(catalog.listChunks(topic.id(), 300, 400)).isEmpty();
        assertThat(catalog.listChunks(topic.id(), Long.MIN_VALUE, Long.MAX_VALUE)).isEqualTo(all);
        assertThat(catalog.listChunks(topic.id(), Long.MIN_VALUE, 0)).isEmpty();
    }

    @Test
    void notificationsAreKeptPerSequenceAndPerTopic() {
        Topic topic = uploadedTopic("run/imu");
        NotificationTarget onSequence = NotificationTarget.sequence(topic.sequenceId());
        NotificationTarget onTopic = NotificationTarget.topic(topic.id());

        Notification first = catalog.addNotification(onSequence, "error", "upload failed");
        Notification second = catalog.addNotification(onSequence, "error", "retry failed");
        Notification topicNote = catalog.addNotification(onTopic, "error", "bad batch");

        assertThat(first.target()).isEqualTo(onSequence);
        assertThat(first.type()).isEqualTo("error");
        assertThat(first.message()).isEqualTo("upload failed");
        assertThat(catalog.listNotifications(onSequence)).containsExactly(first, second);
        assertThat(catalog.listNotifications(onTopic)).containsExactly(topicNote);

        assertThat(catalog.purgeNotifications(onSequence)).isEqualTo(2);
        assertThat(catalog.listNotifications(onSequence)).isEmpty();
        assertThat(catalog.listNotifications(onTopic)).containsExactly(topicNote);
    }

    @Test
    void deletingASequenceDeletesEverythingThatBelongsToIt() {
        Topic topic = uploadedTopic("run/imu", 0, 10);
        Session session = catalog.listSessions(topic.sequenceId()).get(0);
        Chunk chunk = catalog.addChunk(topic.id(), new NewChunk(1, "k", 1, 1, 1, OptionalLong.of(11),
                OptionalLong.of(12), true, List.of(new NumericColumnStats("v", OptionalDouble.of(1),
                OptionalDouble.of(2), false, false))));
        catalog.addNotification(NotificationTarget.sequence(topic.sequenceId()), "error", "x");
        catalog.addNotification(NotificationTarget.topic(topic.id()), "error", "y");
        queue.enqueueCompleteUnoptimizedTopics();
        queue.recordUnpublishedRun(acquire(1), RunReport.failed(RunOutcome.FAILED, "boom", RunVolume.NONE));
        queue.enqueueCompleteUnoptimizedTopics();
        Topic survivor = uploadedTopic("walk/imu", 0, 10);

        assertThat(catalog.deleteSequence(topic.sequenceId())).isTrue();

        assertThat(catalog.findTopic(topic.id())).isEmpty();
        assertThat(catalog.findSession(session.uuid())).isEmpty();
        assertThat(catalog.listChunks(topic.id())).isEmpty();
        assertThat(catalog.columnStats(chunk.id())).isEmpty();
        assertThat(catalog.listNotifications(NotificationTarget.sequence(topic.sequenceId()))).isEmpty();
        assertThat(catalog.listNotifications(NotificationTarget.topic(topic.id()))).isEmpty();
        assertThat(queue.runsOf(topic.id())).isEmpty();
        QueueOverview overview = queue.overview(Duration.ofDays(1));
        assertThat(overview.waiting()).isZero();
        assertThat(overview.recentFailures()).isEmpty();
        assertThat(catalog.findTopic(survivor.id())).contains(survivor);
        assertThat(catalog.listChunks(survivor.id())).hasSize(1);
    }

    @Test
    void deletingASessionDeletesItsTopicsAndDeletingATopicItsChunks() {
        Sequence sequence = sequence("run");
        Session doomed = catalog.createSession(sequence.id());
        Session kept = catalog.createSession(sequence.id());
        Topic doomedTopic = topic(doomed, "run/a");
        Topic keptTopic = topic(kept, "run/b");
        Topic alsoDoomed = topic(kept, "run/c");
        catalog.addChunk(alsoDoomed.id(), chunk(0, 0, 1));

        assertThat(catalog.deleteSession(doomed.id())).isTrue();
        assertThat(catalog.findTopic(doomedTopic.id())).isEmpty();
        assertThat(catalog.findTopic(keptTopic.id())).isPresent();
        assertThat(catalog.findSession(kept.uuid())).isPresent();

        assertThat(catalog.deleteTopic(alsoDoomed.id())).isTrue();
        assertThat(catalog.deleteTopic(alsoDoomed.id())).isFalse();
        assertThat(catalog.listChunks(alsoDoomed.id())).isEmpty();
        assertThat(catalog.listTopicsOfSequence(sequence.id())).containsExactly(keptTopic);
    }

    // ---------------------------------------------------------------- upload claims

    private UploadClaims claims() {
        return repository.uploadClaims();
    }

    /** A topic whose upload has not started: created in a session of its sequence, no chunk. */
    private Topic newTopic(String locator) {
        String sequenceLocator = locator.substring(0, locator.indexOf('/'));
        Sequence sequence = catalog.findSequence(sequenceLocator).orElseGet(() -> sequence(sequenceLocator));
        return topic(catalog.createSession(sequence.id()), locator);
    }

    @Test
    void aClaimExcludesEveryOtherClaimOfItsTopicUntilReleased() {
        Topic topic = newTopic("run/imu");
        Topic other = newTopic("run/gps");
        assertThat(claims().isClaimed(topic.id())).isFalse();
        UploadClaim first = claims().claim(topic.id(), LONG_LEASE).orElseThrow();

        assertThat(claims().isClaimed(topic.id())).isTrue();
        assertThat(claims().claim(topic.id(), LONG_LEASE)).as("second claim").isEmpty();
        assertThat(claims().claim(other.id(), LONG_LEASE)).as("another topic").isPresent();
        assertThat(claims().renew(first)).isTrue();

        claims().release(first);
        assertThat(claims().isClaimed(topic.id())).isFalse();
        assertThat(claims().renew(first)).as("released").isFalse();
        UploadClaim second = claims().claim(topic.id(), LONG_LEASE).orElseThrow();
        assertThat(second.token()).isNotEqualTo(first.token());
        claims().release(first);
        assertThat(claims().claim(topic.id(), LONG_LEASE)).as("a stale release frees nothing").isEmpty();
    }

    @Test
    void chunksAndTheCompletionOfAnUploadAreRecordedUnderItsClaimWhichCompletionEnds() {
        Topic topic = newTopic("run/imu");
        UploadClaim claim = claims().claim(topic.id(), LONG_LEASE).orElseThrow();

        Chunk added = claims().addChunk(claim, chunk(0, 500, 900)).orElseThrow();
        claims().addChunk(claim, chunk(1, 100, 300)).orElseThrow();
        assertThat(catalog.listChunks(topic.id())).first().isEqualTo(added);
        assertThat(claims().complete(claim)).isTrue();

        Topic completed = catalog.findTopic(topic.id()).orElseThrow();
        assertThat(completed.isUploadComplete()).isTrue();
        assertThat(completed.firstTimestampNs()).hasValue(100);
        assertThat(completed.lastTimestampNs()).hasValue(900);
        assertThat(claims().renew(claim)).as("completion ended the claim").isFalse();
        assertThat(claims().isClaimed(topic.id())).isFalse();
        assertThat(claims().complete(claim)).as("second completion").isFalse();
        assertThat(claims().addChunk(claim, chunk(2, 0, 1))).isEmpty();
        assertThat(claims().claim(topic.id(), LONG_LEASE)).as("an uploaded topic").isEmpty();
        assertThat(catalog.listChunks(topic.id())).hasSize(2);
    }

    /** Group commit: one call records several uploads' chunks; a lost claim or a deleted topic spoils only its own. */
    @Test
    void chunksOfSeveralUploadsAreRecordedTogetherEachUnderItsOwnClaim() {
        Topic held = newTopic("run/held");
        Topic alsoHeld = newTopic("run/also");
        Topic taken = newTopic("run/taken");
        Topic deleted = newTopic("run/deleted");
        UploadClaim heldClaim = claims().claim(held.id(), LONG_LEASE).orElseThrow();
        UploadClaim alsoHeldClaim = claims().claim(alsoHeld.id(), LONG_LEASE).orElseThrow();
        UploadClaim lostClaim = claims().claim(taken.id(), Duration.ZERO).orElseThrow();
        claims().claim(taken.id(), LONG_LEASE).orElseThrow();
        UploadClaim deletedClaim = claims().claim(deleted.id(), LONG_LEASE).orElseThrow();
        assertThat(catalog.deleteTopic(deleted.id())).isTrue();

        List<ChunksAdded> outcomes = claims().addChunks(List.of(
                new ClaimedChunks(heldClaim, List.of(chunk(0, 10, 20), chunk(1, 30, 40))),
                new ClaimedChunks(lostClaim, List.of(chunk(0, 0, 1))),
                new ClaimedChunks(deletedClaim, List.of(chunk(0, 0, 1))),
                new ClaimedChunks(alsoHeldClaim, List.of(chunk(0, 5, 6)))));

        assertThat(outcomes).extracting(ChunksAdded::outcome).containsExactly(ChunksAdded.Outcome.ADDED,
                ChunksAdded.Outcome.CLAIM_LOST, ChunksAdded.Outcome.TOPIC_DELETED, ChunksAdded.Outcome.ADDED);
        assertThat(outcomes.get(0).chunks()).extracting(Chunk::ordinal).containsExactly(0, 1);
        assertThat(catalog.listChunks(held.id())).isEqualTo(outcomes.get(0).chunks());
        assertThat(catalog.listChunks(alsoHeld.id())).isEqualTo(outcomes.get(3).chunks());
        assertThat(catalog.listChunks(taken.id())).isEmpty();
        assertThat(outcomes.get(1).chunks()).isEmpty();
        assertThat(claims().complete(heldClaim)).isTrue();
        assertThat(catalog.findTopic(held.id()).orElseThrow().lastTimestampNs()).hasValue(40);
    }

    /** The server that held the claim died: nobody renews it, it expires, and its holder is fenced out. */
    @Test
    void aClaimNotRenewedForItsDurationIsTakenOverAndItsHolderWritesNothingMore() {
        Topic topic = newTopic("run/imu");
        // a zero-length claim has expired by the database clock as soon as it is granted
        UploadClaim dead = claims().claim(topic.id(), Duration.ZERO).orElseThrow();
        assertThat(claims().isClaimed(topic.id())).as("expired").isFalse();

        UploadClaim taker = claims().claim(topic.id(), LONG_LEASE).orElseThrow();

        assertThat(claims().renew(dead)).isFalse();
        assertThat(claims().addChunk(dead, chunk(0, 0, 1))).isEmpty();
        assertThat(claims().complete(dead)).isFalse();
        claims().release(dead);
        assertThat(catalog.listChunks(topic.id())).isEmpty();
        assertThat(catalog.findTopic(topic.id()).orElseThrow().isUploadComplete()).isFalse();
        assertThat(claims().claim(topic.id(), LONG_LEASE)).as("the taker holds it").isEmpty();
        assertThat(claims().addChunk(taker, chunk(0, 0, 1))).isPresent();
        assertThat(claims().complete(taker)).isTrue();
    }

    @Test
    void anExpiredClaimNobodyTookIsStillItsHoldersAndARenewalExtendsIt() {
        Topic topic = newTopic("run/imu");
        UploadClaim expired = claims().claim(topic.id(), Duration.ZERO).orElseThrow();
        UploadClaim renewedForLong = new UploadClaim(topic.id(), expired.token(), LONG_LEASE);

        assertThat(claims().renew(renewedForLong)).isTrue();

        assertThat(claims().claim(topic.id(), LONG_LEASE)).isEmpty();
        assertThat(claims().addChunk(renewedForLong, chunk(0, 0, 1))).isPresent();
    }

    /** Keeps docs/protocol.md's rule: an upload that broke off is never continued by another one. */
    @Test
    void aTopicHoldingChunksOfAnInterruptedUploadIsNeverClaimedAgain() {
        Topic topic = newTopic("run/imu");
        UploadClaim interrupted = claims().claim(topic.id(), Duration.ZERO).orElseThrow();
        claims().addChunk(interrupted, chunk(0, 0, 1)).orElseThrow();

        assertThat(claims().claim(topic.id(), LONG_LEASE)).as("expired, but chunks").isEmpty();
        claims().release(interrupted);
        assertThat(claims().claim(topic.id(), LONG_LEASE)).as("released, but chunks").isEmpty();
    }

    @Test
    void uploadedLockedAndUnknownTopicsCannotBeClaimed() {
        Topic uploaded = uploadedTopic("run/done", 0, 1);
        Topic locked = newTopic("run/locked");
        catalog.finalizeSession(locked.sessionId());

        assertThat(claims().claim(uploaded.id(), LONG_LEASE)).isEmpty();
        assertThat(claims().claim(locked.id(), LONG_LEASE)).isEmpty();
        assertThat(claims().claim(Long.MAX_VALUE, LONG_LEASE)).isEmpty();
    }

    @Test
    void theClaimOfADeletedTopicEndsWithItAndItsWritesAreConcurrentDeletions() {
        Topic topic = newTopic("run/imu");
        UploadClaim claim = claims().claim(topic.id(), LONG_LEASE).orElseThrow();
        assertThat(catalog.deleteTopic(topic.id())).isTrue();

        assertThatThrownBy(() -> claims().renew(claim)).isInstanceOf(ConcurrentDeletionException.class);
        assertThat(claims().isClaimed(topic.id())).isFalse();
        assertThatThrownBy(() -> claims().addChunk(claim, chunk(0, 0, 1)))
                .isInstanceOf(ConcurrentDeletionException.class);
        assertThatThrownBy(() -> claims().complete(claim)).isInstanceOf(ConcurrentDeletionException.class);
        claims().release(claim);
    }

    /** Threads race as servers do (each call on a connection of its own): every topic is claimed once. */
    @Test
    void concurrentClaimsOfOneTopicGrantItOnce() throws Exception {
        int topics = 20;
        int claimers = 6;
        ExecutorService pool = Executors.newFixedThreadPool(claimers);
        try {
            for (int t = 0; t < topics; t++) {
                Topic topic = newTopic("run/t" + t);
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Optional<UploadClaim>>> attempts = new ArrayList<>();
                for (int c = 0; c < claimers; c++) {
                    attempts.add(pool.submit(() -> {
                        start.await();
                        return claims().claim(topic.id(), LONG_LEASE);
                    }));
                }
                start.countDown();
                int granted = 0;
                for (Future<Optional<UploadClaim>> attempt : attempts) {
                    granted += attempt.get(60, TimeUnit.SECONDS).isPresent() ? 1 : 0;
                }
                assertThat(granted).as("claims granted on %s", topic.locator()).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---------------------------------------------------------------- optimization queue

    @Test
    void enqueueTakesCompleteUnoptimizedTopicsOnceOnly() {
        Topic complete = uploadedTopic("run/imu", 0, 1);
        topic(catalog.createSession(complete.sequenceId()), "run/uploading");

        assertThat(queue.enqueueCompleteUnoptimizedTopics()).isEqualTo(1);
        assertThat(queue.enqueueCompleteUnoptimizedTopics()).isZero();
        Lease lease = acquire(1);
        assertThat(queue.enqueueCompleteUnoptimizedTopics()).as("leased topic stays queued once").isZero();
        assertThat(lease.topic()).isEqualTo(complete);
        assertThat(queue.markAlreadyOptimal(lease, RunReport.alreadyOptimal(new RunVolume(1, 1000, 10)))).isTrue();
        assertThat(queue.enqueueCompleteUnoptimizedTopics()).as("optimized topic").isZero();
        assertThat(queue.acquire(1, LONG_LEASE)).isEmpty();
    }

    @Test
    void acquisitionLeasesTheOldestQueuedTopicWithAFreshTokenFolderAndDatabaseExpiry() {
        Topic first = uploadedTopic("run/a", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Topic second = uploadedTopic("run/b", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();

        Instant before = repository.now();
        Lease lease = queue.acquire(7, Duration.ofSeconds(90)).orElseThrow();
        Instant after = repository.now();

        assertThat(lease.topic()).isEqualTo(first);
        assertThat(lease.instanceId()).isEqualTo(7);
        assertThat(lease.freshFolder()).startsWith("tp_").isNotEqualTo(first.folder());
        assertThat(Ulid.isValid(lease.freshFolder().substring(3))).isTrue();
        assertThat(lease.attempt()).isEqualTo(1);
        assertThat(lease.acquiredAt()).isBetween(before, after);
        assertThat(Duration.between(lease.acquiredAt(), lease.expiresAt())).isEqualTo(Duration.ofSeconds(90));

        Lease next = queue.acquire(8, Duration.ofSeconds(90)).orElseThrow();
        assertThat(next.topic()).isEqualTo(second);
        assertThat(next.token()).isNotEqualTo(lease.token());
        assertThat(next.freshFolder()).isNotEqualTo(lease.freshFolder());
    }

    /** Threads of one process race like processes do (AcquisitionRaceTest): no topic is leased twice. */
    @Test
    void concurrentAcquisitionsLeaseEachTopicOnce() throws Exception {
        int topics = 24;
        int threads = 6;
        for (int i = 0; i < topics; i++) {
            uploadedTopic("run/t" + i, i, i + 1);
        }
        queue.enqueueCompleteUnoptimizedTopics();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<Long>>> acquired = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long instanceId = t;
                acquired.add(pool.submit(() -> {
                    start.await();
                    List<Long> mine = new ArrayList<>();
                    for (Optional<Lease> lease = queue.acquire(instanceId, LONG_LEASE); lease.isPresent();
                         lease = queue.acquire(instanceId, LONG_LEASE)) {
                        mine.add(lease.get().topic().id());
                    }
                    return mine;
                }));
            }
            start.countDown();
            List<Long> all = new ArrayList<>();
            for (Future<List<Long>> each : acquired) {
                all.addAll(each.get(60, TimeUnit.SECONDS));
            }
            assertThat(all).hasSize(topics).doesNotHaveDuplicates();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void topicLeasedByAnotherInstanceIsSkipped() {
        uploadedTopic("run/a", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        acquire(1);

        assertThat(queue.acquire(2, LONG_LEASE)).isEmpty();
        assertThat(queue.reclaimExpiredLeases()).isZero();
        assertThat(queue.acquire(2, LONG_LEASE)).isEmpty();
    }

    @Test
    void theOverviewCountsCompleteTopicsTheNextPassWillQueue() {
        uploadedTopic("run/a", 0, 1);
        uploadedTopic("run/b", 0, 1);
        assertThat(queue.overview(Duration.ofDays(1)).unqueued()).isEqualTo(2);
        assertThat(queue.overview(Duration.ofDays(1)).waiting()).isZero();

        queue.enqueueCompleteUnoptimizedTopics();

        assertThat(queue.overview(Duration.ofDays(1)).unqueued()).isZero();
        assertThat(queue.overview(Duration.ofDays(1)).waiting()).isEqualTo(2);
    }

    @Test
    void expiredLeaseIsReclaimedByAnotherInstance() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        // a zero-length lease has expired by the database clock as soon as it is granted
        Lease crashed = queue.acquire(1, Duration.ZERO).orElseThrow();
        assertThat(repository.cleanupLedger().isFolderReferenced(crashed.freshFolder())).isTrue();

        assertThat(queue.reclaimExpiredLeases()).isEqualTo(1);
        assertThat(queue.reclaimExpiredLeases()).isZero();
        assertThat(queue.overview(Duration.ofDays(1)).waiting()).isEqualTo(1);
        assertThat(repository.cleanupLedger().isFolderReferenced(crashed.freshFolder())).isFalse();

        Lease retry = acquire(2);
        assertThat(retry.topic()).isEqualTo(topic);
        assertThat(retry.attempt()).isEqualTo(2);
        assertThat(retry.token()).isNotEqualTo(crashed.token());
        assertThat(queue.renew(crashed, LONG_LEASE)).isFalse();
        assertThat(queue.commitOptimization(crashed, List.of(), RunReport.succeeded(RunVolume.NONE, RunVolume.NONE)))
                .isFalse();
        assertThat(queue.commitOptimization(retry, List.of(), RunReport.succeeded(RunVolume.NONE, RunVolume.NONE)))
                .isTrue();
    }

    @Test
    void expiredLeaseCanBeAcquiredBeforeAnyReclaim() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease crashed = queue.acquire(1, Duration.ZERO).orElseThrow();

        Lease retry = acquire(2);
        assertThat(retry.topic()).isEqualTo(topic);
        assertThat(retry.token()).isNotEqualTo(crashed.token());
        assertThat(queue.reclaimExpiredLeases()).as("the new lease is live").isZero();
    }

    @Test
    void renewalExtendsOnlyAHeldUnexpiredLease() {
        uploadedTopic("run/a", 0, 1);
        uploadedTopic("run/b", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease held = queue.acquire(1, Duration.ofSeconds(10)).orElseThrow();
        Lease expired = queue.acquire(1, Duration.ZERO).orElseThrow();

        assertThat(queue.renew(held, Duration.ofHours(2))).isTrue();
        LeasedTopic renewed = queue.overview(Duration.ofDays(1)).leased().stream()
                .filter(l -> l.topicId() == held.topic().id()).findFirst().orElseThrow();
        assertThat(renewed.expiresAt()).isAfter(held.expiresAt())
                .isAfterOrEqualTo(held.acquiredAt().plus(Duration.ofHours(2)));

        assertThat(queue.renew(expired, Duration.ofHours(2))).as("expired").isFalse();
        Lease forged = new Lease(held.topic(), 1, "not-the-token", held.freshFolder(), held.acquiredAt(),
                held.expiresAt(), 1);
        assertThat(queue.renew(forged, Duration.ofHours(2))).as("stale token").isFalse();
    }

    @Test
    void releaseDropsTheTopicOnlyForTheTokenHolder() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease stale = queue.acquire(1, Duration.ZERO).orElseThrow();
        Lease current = acquire(2);

        assertThat(queue.release(stale)).isFalse();
        assertThat(queue.overview(Duration.ofDays(1)).leased()).hasSize(1);
        assertThat(queue.release(current)).isTrue();
        assertThat(queue.overview(Duration.ofDays(1)).leased()).isEmpty();
        assertThat(queue.acquire(3, LONG_LEASE)).isEmpty();

        assertThat(queue.enqueueCompleteUnoptimizedTopics()).as("a released topic is queued again").isEqualTo(1);
        assertThat(acquire(3).topic()).isEqualTo(topic);
    }

    @Test
    void commitReplacesChunksSwitchesTheFolderDequeuesAndRecordsTheRun() {
        Topic topic = uploadedTopic("run/a", 0, 10, 5, 20, 21, 30);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(4);
        List<NewChunk> merged = List.of(
                new NewChunk(0, lease.freshFolder() + "/data/00000.parquet", 5000, 9000, 20, OptionalLong.of(0),
                        OptionalLong.of(20), true, List.of(new NumericColumnStats("v", OptionalDouble.of(1),
                        OptionalDouble.of(9), false, false))),
                new NewChunk(1, lease.freshFolder() + "/data/00001.parquet", 2500, 4500, 10, OptionalLong.of(21),
                        OptionalLong.of(30), true, List.of()));
        List<Chunk> oldChunks = catalog.listChunks(topic.id());
        RunReport report = RunReport.succeeded(new RunVolume(3, 3003, 30), new RunVolume(2, 7500, 30));

        assertThat(queue.commitOptimization(lease, merged, report)).isTrue();

        Topic optimized = catalog.findTopic(topic.id()).orElseThrow();
        assertThat(optimized.folder()).isEqualTo(lease.freshFolder());
        assertThat(optimized.isOptimized()).isTrue();
        assertThat(optimized.firstTimestampNs()).isEqualTo(topic.firstTimestampNs());
        List<Chunk> chunks = catalog.listChunks(topic.id());
        assertThat(chunks).extracting(Chunk::objectKey)
                .containsExactly(merged.get(0).objectKey(), merged.get(1).objectKey());
        assertThat(catalog.columnStats(chunks.get(0).id())).isEqualTo(merged.get(0).columnStats());
        assertThat(catalog.columnStats(oldChunks.get(0).id())).isEmpty();
        assertThat(queue.overview(Duration.ofDays(1)).leased()).isEmpty();
        assertThat(repository.cleanupLedger().isFolderReferenced(topic.folder())).isFalse();

        OptimizationRun run = queue.runsOf(topic.id()).get(0);
        assertThat(run.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(run.topicLocator()).isEqualTo("run/a");
        assertThat(run.instanceId()).isEqualTo(4);
        assertThat(run.startedAt()).isEqualTo(lease.acquiredAt());
        assertThat(run.endedAt()).isAfterOrEqualTo(run.startedAt());
        assertThat(run.in()).isEqualTo(report.in());
        assertThat(run.out()).isEqualTo(report.out());
        assertThat(run.error()).isEmpty();
    }

    @Test
    void commitWithAStaleTokenChangesNothing() {
        Topic topic = uploadedTopic("run/a", 0, 10);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lost = queue.acquire(1, Duration.ZERO).orElseThrow();
        Lease winner = acquire(2);

        assertCommitRefused(lost, topic);
        assertThat(queue.overview(Duration.ofDays(1)).leased()).extracting(LeasedTopic::instanceId).containsExactly(2L);
        assertThat(queue.renew(winner, LONG_LEASE)).isTrue();
    }

    @Test
    void commitWithAnExpiredLeaseChangesNothing() {
        Topic topic = uploadedTopic("run/a", 0, 10);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease expired = queue.acquire(1, Duration.ZERO).orElseThrow();

        assertCommitRefused(expired, topic);
        assertThat(queue.markAlreadyOptimal(expired, RunReport.alreadyOptimal(RunVolume.NONE))).isFalse();
        assertThat(catalog.findTopic(topic.id()).orElseThrow().isOptimized()).isFalse();
        assertThat(queue.reclaimExpiredLeases()).as("the expired lease is still there to reclaim").isEqualTo(1);
    }

    private void assertCommitRefused(Lease lease, Topic topic) {
        List<Chunk> before = catalog.listChunks(topic.id());
        NewChunk replacement = new NewChunk(0, lease.freshFolder() + "/data/00000.parquet", 1, 1, 1,
                OptionalLong.of(0), OptionalLong.of(10), true, List.of());

        assertThat(queue.commitOptimization(lease, List.of(replacement),
                RunReport.succeeded(RunVolume.NONE, RunVolume.NONE))).isFalse();

        assertThat(catalog.findTopic(topic.id())).contains(topic);
        assertThat(catalog.listChunks(topic.id())).isEqualTo(before);
        assertThat(queue.runsOf(topic.id())).isEmpty();
    }

    @Test
    void alreadyOptimalTopicKeepsItsChunksAndFolder() {
        Topic topic = uploadedTopic("run/a", 0, 10);
        List<Chunk> chunks = catalog.listChunks(topic.id());
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(1);

        assertThat(queue.markAlreadyOptimal(lease, RunReport.alreadyOptimal(new RunVolume(1, 1000, 10)))).isTrue();
        assertThat(queue.markAlreadyOptimal(lease, RunReport.alreadyOptimal(new RunVolume(1, 1000, 10))))
                .as("dequeued").isFalse();

        Topic after = catalog.findTopic(topic.id()).orElseThrow();
        assertThat(after.folder()).isEqualTo(topic.folder());
        assertThat(after.isOptimized()).isTrue();
        assertThat(catalog.listChunks(topic.id())).isEqualTo(chunks);
        assertThat(queue.runsOf(topic.id())).extracting(OptimizationRun::outcome)
                .containsExactly(RunOutcome.ALREADY_OPTIMAL);
        assertThat(repository.cleanupLedger().isFolderReferenced(lease.freshFolder())).isFalse();
    }

    /** A damaged chunk's schema quoted in the error may hold a NUL character, which PostgreSQL refuses in text. */
    @Test
    void aFailedRunWhoseErrorHoldsANulCharacterIsRecordedAndReleased() {
        uploadedTopic("run/nul", 0, 10);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(3);

        queue.recordUnpublishedRun(lease, RunReport.failed(RunOutcome.FAILED, "field \u0000on: damaged",
                RunVolume.NONE));

        QueueOverview overview = queue.overview(Duration.ofHours(1));
        assertThat(overview.leased()).isEmpty();
        assertThat(overview.recentFailures()).singleElement()
                .satisfies(run -> assertThat(run.error()).contains("field \uFFFDon: damaged"));
    }

    @Test
    void failedRunIsRecordedReleasedAndRetriedLater() {
        Topic topic = uploadedTopic("run/a", 0, 10);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(3);

        queue.recordUnpublishedRun(lease, RunReport.failed(RunOutcome.FAILED, "corrupt chunk data/0.parquet",
                new RunVolume(1, 100, 0)));

        QueueOverview overview = queue.overview(Duration.ofHours(1));
        assertThat(overview.leased()).isEmpty();
        assertThat(overview.waiting()).isZero();
        assertThat(overview.recentFailures()).singleElement().satisfies(run -> {
            assertThat(run.topicLocator()).isEqualTo("run/a");
            assertThat(run.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(run.error()).contains("corrupt chunk data/0.parquet");
            assertThat(run.in()).isEqualTo(new RunVolume(1, 100, 0));
            assertThat(run.out()).isEqualTo(RunVolume.NONE);
        });
        assertThat(catalog.findTopic(topic.id())).contains(topic);

        assertThat(queue.enqueueCompleteUnoptimizedTopics()).isEqualTo(1);
        Lease retry = acquire(3);
        queue.recordUnpublishedRun(lease, RunReport.failed(RunOutcome.LEASE_LOST, "lease lost", RunVolume.NONE));
        assertThat(queue.renew(retry, LONG_LEASE)).as("a stale lease's report does not release the new one").isTrue();
        assertThat(queue.runsOf(topic.id())).extracting(OptimizationRun::outcome)
                .containsExactly(RunOutcome.LEASE_LOST, RunOutcome.FAILED);
    }

    @Test
    void overviewShowsWaitingAndLeasedTopics() {
        uploadedTopic("run/a", 0, 1);
        uploadedTopic("run/b", 0, 1);
        uploadedTopic("run/c", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(9);

        QueueOverview overview = queue.overview(Duration.ofHours(1));
        assertThat(overview.waiting()).isEqualTo(2);
        assertThat(overview.leased()).singleElement().isEqualTo(new LeasedTopic(lease.topic().id(), "run/a", 9,
                lease.acquiredAt(), lease.expiresAt(), 1));
        assertThat(overview.recentFailures()).isEmpty();
        assertThat(overview.now()).isAfterOrEqualTo(lease.acquiredAt());
    }

    // ---------------------------------------------------------------- giving up on a topic, and retrying it

    private static final int MAX_ATTEMPTS = 3;

    /** One attempt on {@code topic} that ended with {@code outcome}: queued, leased, reported. */
    private Lease attempt(Topic topic, RunOutcome outcome, String error) {
        TopicScope only = TopicScope.only(List.of(topic.id()));
        queue.enqueueCompleteUnoptimizedTopics(only, OptimizationQueue.NO_ATTEMPT_LIMIT);
        Lease lease = queue.acquire(1, LONG_LEASE, only).orElseThrow(() -> new AssertionError("not acquired"));
        queue.recordUnpublishedRun(lease, RunReport.failed(outcome, error, RunVolume.NONE));
        return lease;
    }

    @Test
    void aTopicThatFailedMaxAttemptsTimesIsNoLongerQueuedUntilItsFailuresAreCleared() {
        Topic topic = uploadedTopic("run/cam", 0, 10);
        uploadedTopic("run/imu", 0, 10);
        attempt(topic, RunOutcome.FAILED, "corrupt chunk 1");
        attempt(topic, RunOutcome.FAILED, "corrupt chunk 2");
        assertThat(queue.failingTopics(TopicScope.ALL, 1)).singleElement()
                .satisfies(t -> assertThat(t.failedAttempts()).isEqualTo(2));
        assertThat(queue.failingTopics(TopicScope.ALL, MAX_ATTEMPTS)).as("not given up after 2 of 3").isEmpty();
        attempt(topic, RunOutcome.FAILED, "corrupt chunk 3");

        assertThat(queue.overview(Duration.ofDays(1), MAX_ATTEMPTS).unqueued()).as("only run/imu").isEqualTo(1);
        assertThat(queue.enqueueCompleteUnoptimizedTopics(TopicScope.ALL, MAX_ATTEMPTS)).isEqualTo(1);
        assertThat(acquire(2).topic().locator()).isEqualTo("run/imu");
        assertThat(queue.acquire(2, LONG_LEASE)).as("the given-up topic is not queued").isEmpty();
        QueueOverview overview = queue.overview(Duration.ofDays(1), MAX_ATTEMPTS);
        assertThat(overview.maxAttempts()).isEqualTo(MAX_ATTEMPTS);
        assertThat(overview.givenUp()).singleElement().satisfies(givenUp -> {
            assertThat(givenUp.topicLocator()).isEqualTo("run/cam");
            assertThat(givenUp.failedAttempts()).isEqualTo(3);
            assertThat(givenUp.hasGivenUp(MAX_ATTEMPTS)).isTrue();
            assertThat(givenUp.lastFailure().error()).contains("corrupt chunk 3");
            assertThat(givenUp.lastFailure().outcome()).isEqualTo(RunOutcome.FAILED);
        });
        assertThat(queue.overview(Duration.ofDays(1), 4).givenUp()).as("a higher maximum retries it").isEmpty();
        assertThat(queue.overview(Duration.ofDays(1)).givenUp()).as("no maximum").isEmpty();

        assertThat(queue.retryGivenUp(TopicScope.ALL, MAX_ATTEMPTS)).extracting(FailingTopic::topicLocator)
                .containsExactly("run/cam");
        assertThat(queue.retryGivenUp(TopicScope.ALL, MAX_ATTEMPTS)).as("nothing left to retry").isEmpty();
        assertThat(queue.failingTopics(TopicScope.ALL, 1)).as("its count starts again").isEmpty();
        assertThat(queue.enqueueCompleteUnoptimizedTopics(TopicScope.ALL, MAX_ATTEMPTS)).isEqualTo(1);
        assertThat(acquire(2).topic()).isEqualTo(topic);
        assertThat(queue.runsOf(topic.id())).as("the history stays").hasSize(3);
    }

    /** Summaries of every topic, as {@code topic ls} lists them: locator, chunks, bytes, rows, upload, optimization. */
    private List<String> summaries(TopicSelection selection) {
        List<String> lines = new ArrayList<>();
        catalog.summarizeTopics(selection, s -> lines.add(String.join(" ", s.topic().locator(),
                Integer.toString(s.chunks()), Long.toString(s.bytes()), Long.toString(s.rows()),
                s.uploadState().label(), s.optimizationState().label())));
        return lines;
    }

    @Test
    void topicsAreSummarizedInOneListingBySequenceStateAndLimit() {
        Sequence a = sequence("a");
        Session uploading = catalog.createSession(a.id());
        catalog.addChunk(topic(uploading, "a/up").id(), chunk(0, 0, 10));
        uploadedTopic("a/done", 0, 10, 20, 30);
        catalog.finalizeSession(catalog.findTopicByLocator("a/done").orElseThrow().sessionId());
        Topic givenUp = uploadedTopic("b/cam", 0, 10);
        for (int i = 0; i < MAX_ATTEMPTS; i++) {
            attempt(givenUp, RunOutcome.FAILED, "corrupt chunk " + i);
        }
        Topic optimized = uploadedTopic("b/gps", 0, 10);
        Topic leased = uploadedTopic("b/imu");
        queue.enqueueCompleteUnoptimizedTopics(TopicScope.only(List.of(optimized.id(), leased.id())), MAX_ATTEMPTS);
        assertThat(queue.markAlreadyOptimal(acquire(1), RunReport.alreadyOptimal(RunVolume.NONE))).isTrue();
        acquire(1);

        assertThat(summaries(TopicSelection.all(MAX_ATTEMPTS))).containsExactly(
                "a/done 2 2001 20 locked not optimized",
                "a/up 1 1000 10 uploading not optimized",
                "b/cam 1 1000 10 complete given up",
                "b/gps 1 1000 10 complete optimized",
                "b/imu 0 0 0 complete optimizing");
        assertThat(summaries(TopicSelection.all(OptimizationQueue.NO_ATTEMPT_LIMIT))).as("no maximum")
                .contains("b/cam 1 1000 10 complete not optimized");
        assertThat(summaries(new TopicSelection(Optional.of("b"), Optional.empty(), 2, MAX_ATTEMPTS)))
                .containsExactly("b/cam 1 1000 10 complete given up", "b/gps 1 1000 10 complete optimized");
        assertThat(summaries(new TopicSelection(Optional.of("nope"), Optional.empty(), 9, MAX_ATTEMPTS))).isEmpty();
        Map<TopicState, List<String>> showing = Map.of(TopicState.UPLOADING, List.of("a/up"),
                TopicState.COMPLETE, List.of("b/cam", "b/gps", "b/imu"), TopicState.LOCKED, List.of("a/done"),
                TopicState.NOT_OPTIMIZED, List.of("a/done", "a/up"), TopicState.OPTIMIZING, List.of("b/imu"),
                TopicState.GIVEN_UP, List.of("b/cam"), TopicState.OPTIMIZED, List.of("b/gps"));
        showing.forEach((state, locators) -> assertThat(summaries(new TopicSelection(Optional.empty(),
                Optional.of(state), Long.MAX_VALUE, MAX_ATTEMPTS))).as(state.label())
                .map(line -> line.substring(0, line.indexOf(' '))).containsExactlyElementsOf(locators));
        assertThat(summaries(new TopicSelection(Optional.empty(), Optional.of(TopicState.COMPLETE), 0, MAX_ATTEMPTS)))
                .isEmpty();
    }

    @Test
    void interruptedRunsAndLostLeasesAreNotFailuresOfTheTopic() {
        Topic topic = uploadedTopic("run/cam", 0, 10);
        attempt(topic, RunOutcome.FAILED, "corrupt chunk");
        attempt(topic, RunOutcome.INTERRUPTED, "stopped by a shutdown signal");
        attempt(topic, RunOutcome.LEASE_LOST, "the lease was lost before the commit");
        attempt(topic, RunOutcome.FAILED, "corrupt chunk");
        queue.enqueueCompleteUnoptimizedTopics(TopicScope.ALL, MAX_ATTEMPTS);
        queue.acquire(1, Duration.ZERO).orElseThrow(); // a crashed holder: its lease expires, nothing is recorded
        queue.reclaimExpiredLeases();

        assertThat(queue.failingTopics(TopicScope.ALL, 1)).singleElement().satisfies(failing -> {
            assertThat(failing.failedAttempts()).isEqualTo(2);
            assertThat(failing.lastFailure().outcome()).isEqualTo(RunOutcome.FAILED);
        });
        Lease third = acquire(2);
        assertThat(queue.markAlreadyOptimal(third, RunReport.alreadyOptimal(RunVolume.NONE))).isTrue();
        assertThat(queue.failingTopics(TopicScope.ALL, 1)).as("an optimized topic is not failing").isEmpty();
    }

    @Test
    void aScopeLimitsEnqueueAcquisitionAndRetriesToTheNamedTopics() {
        Topic a = uploadedTopic("run/a", 0, 10);
        Topic b = uploadedTopic("run/b", 0, 10);
        Topic c = uploadedTopic("run/c", 0, 10);
        TopicScope onlyB = TopicScope.only(List.of(b.id()));

        assertThat(queue.enqueueCompleteUnoptimizedTopics(onlyB, MAX_ATTEMPTS)).isEqualTo(1);
        assertThat(queue.overview(Duration.ofDays(1), MAX_ATTEMPTS).unqueued()).as("a and c").isEqualTo(2);
        assertThat(queue.acquire(1, LONG_LEASE, TopicScope.only(List.of(c.id())))).isEmpty();
        queue.enqueueCompleteUnoptimizedTopics();
        assertThat(queue.acquire(1, LONG_LEASE, TopicScope.only(List.of(c.id(), a.id()))).orElseThrow().topic())
                .as("the oldest queued of the named ones").isEqualTo(a);
        assertThat(queue.acquire(1, LONG_LEASE, onlyB).orElseThrow().topic()).isEqualTo(b);
        assertThat(queue.acquire(1, LONG_LEASE).orElseThrow().topic()).isEqualTo(c);
    }

    @Test
    void retryingNamedTopicsLeavesTheOthersGivenUp() {
        Topic a = uploadedTopic("run/a", 0, 10);
        Topic b = uploadedTopic("run/b", 0, 10);
        for (int i = 0; i < MAX_ATTEMPTS; i++) {
            attempt(a, RunOutcome.FAILED, "a broke");
            attempt(b, RunOutcome.FAILED, "b broke");
        }
        assertThat(queue.failingTopics(TopicScope.only(List.of(b.id())), MAX_ATTEMPTS))
                .extracting(FailingTopic::topicLocator).containsExactly("run/b");

        assertThat(queue.retryGivenUp(TopicScope.only(List.of(b.id())), MAX_ATTEMPTS))
                .extracting(FailingTopic::topicLocator).containsExactly("run/b");

        assertThat(queue.failingTopics(TopicScope.ALL, MAX_ATTEMPTS)).extracting(FailingTopic::topicLocator)
                .containsExactly("run/a");
        assertThat(queue.enqueueCompleteUnoptimizedTopics(TopicScope.ALL, MAX_ATTEMPTS)).isEqualTo(1);
        assertThat(acquire(1).topic()).isEqualTo(b);
        attempt(a, RunOutcome.FAILED, "a broke again"); // an operator's one-off run of a given-up topic still counts
        assertThat(queue.failingTopics(TopicScope.ALL, 1)).extracting(FailingTopic::failedAttempts)
                .containsExactly(MAX_ATTEMPTS + 1);
    }

    // ---------------------------------------------------------------- cleanup

    private CleanupLedger ledger() {
        return repository.cleanupLedger();
    }

    @Test
    void everySequenceTopicAndInFlightFolderIsReferenced() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        Sequence sequence = catalog.findSequence("run").orElseThrow();
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(1);

        assertThat(ledger().referencedFolders())
                .containsExactlyInAnyOrder(sequence.folder(), topic.folder(), lease.freshFolder());
        assertThat(ledger().isFolderReferenced(sequence.folder())).isTrue();
        assertThat(ledger().isFolderReferenced(topic.folder())).isTrue();
        assertThat(ledger().isFolderReferenced(lease.freshFolder())).isTrue();
        assertThat(ledger().isFolderReferenced("tp_" + Ulid.generate())).isFalse();

        assertThat(queue.commitOptimization(lease, List.of(),
                RunReport.succeeded(RunVolume.NONE, RunVolume.NONE))).isTrue();
        assertThat(ledger().referencedFolders())
                .containsExactlyInAnyOrder(sequence.folder(), lease.freshFolder());
    }

    @Test
    void onlyOneCleanupPassRunsAtATime() {
        CleanupPass pass = ledger().beginPass(1, LONG_LEASE).orElseThrow();
        assertThat(ledger().beginPass(2, LONG_LEASE)).isEmpty();
        assertThat(ledger().lastRun()).hasValueSatisfying(run -> {
            assertThat(run.id()).isEqualTo(pass.runId());
            assertThat(run.state()).isEqualTo(CleanupState.RUNNING);
            assertThat(run.endedAt()).isEmpty();
            assertThat(run.instanceId()).isEqualTo(1);
        });
        assertThat(ledger().renewPass(pass, LONG_LEASE)).isTrue();

        ledger().finishPass(pass, new CleanupResult(CleanupState.SUCCEEDED, 3, 2, 1,
                List.of("cannot delete tp_X: denied", "cannot delete tp_Y: denied")));

        CleanupRun run = ledger().lastRun().orElseThrow();
        assertThat(run.state()).isEqualTo(CleanupState.SUCCEEDED);
        assertThat(run.endedAt()).isPresent();
        assertThat(run.startedAt()).isEqualTo(pass.startedAt());
        assertThat(List.of(run.marked(), run.deleted(), run.failed())).containsExactly(3, 2, 1);
        assertThat(run.errors()).containsExactly("cannot delete tp_X: denied", "cannot delete tp_Y: denied");
        assertThat(ledger().renewPass(pass, LONG_LEASE)).isFalse();
        assertThat(ledger().beginPass(2, LONG_LEASE)).isPresent();
    }

    @Test
    void passOfADeadCleanupIsTakenOverOnceItsLeaseExpires() {
        CleanupPass dead = ledger().beginPass(1, Duration.ZERO).orElseThrow();

        CleanupPass next = ledger().beginPass(2, LONG_LEASE).orElseThrow();

        assertThat(next.token()).isNotEqualTo(dead.token());
        assertThat(ledger().renewPass(dead, LONG_LEASE)).isFalse();
        ledger().finishPass(dead, new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(ledger().beginPass(3, LONG_LEASE)).as("the dead pass's finish freed nothing").isEmpty();
        assertThat(ledger().lastRun().orElseThrow().id()).isEqualTo(next.runId());
    }

    @Test
    void noCleanupHasRunInAFreshRepository() {
        assertThat(ledger().lastRun()).isEmpty();
        assertThat(ledger().referencedFolders()).isEmpty();
        assertThat(ledger().retiredFolders()).isEmpty();
        assertThat(ledger().lastSweep()).isEmpty();
    }

    // ---------------------------------------------------------------- retired folders: every way a reference ends

    private Map<String, String> retired() {
        Map<String, String> reasons = new java.util.TreeMap<>();
        ledger().retiredFolders().forEach(r -> reasons.put(r.folder(), r.reason()));
        return reasons;
    }

    @Test
    void aDeletedTopicsFolderIsRetiredAtTheDatabaseTime() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        Topic other = uploadedTopic("run/b", 0, 1);
        Instant before = repository.now();

        assertThat(catalog.deleteTopic(topic.id())).isTrue();

        assertThat(ledger().retiredFolders()).singleElement().satisfies(r -> {
            assertThat(r.folder()).isEqualTo(topic.folder());
            assertThat(r.reason()).isEqualTo("topic deleted");
            assertThat(r.retiredAt()).isBetween(before, repository.now());
        });
        assertThat(retired()).doesNotContainKey(other.folder());
    }

    @Test
    void aDeletedSessionRetiresTheFoldersOfItsTopics() {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        Topic a = topic(session, "run/a");
        Topic b = topic(session, "run/b");
        Topic kept = topic(catalog.createSession(sequence.id()), "run/c");

        assertThat(catalog.deleteSession(session.id())).isTrue();

        assertThat(retired()).containsOnlyKeys(a.folder(), b.folder()).doesNotContainKey(kept.folder());
    }

    @Test
    void aDeletedSequenceRetiresItsFolderItsTopicsFoldersAndTheirInFlightFreshFolders() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        Sequence sequence = catalog.findSequence("run").orElseThrow();
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(1);

        assertThat(catalog.deleteSequence(sequence.id())).isTrue();

        assertThat(retired()).isEqualTo(Map.of(sequence.folder(), "sequence deleted", topic.folder(), "topic deleted",
                lease.freshFolder(), "optimization ended"));
    }

    @Test
    void theOptimizersCommitRetiresTheOldFolderAndNotTheFreshOne() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease lease = acquire(1);

        assertThat(queue.commitOptimization(lease, List.of(chunk(0, 0, 1)),
                RunReport.succeeded(RunVolume.NONE, RunVolume.NONE))).isTrue();

        assertThat(retired()).isEqualTo(Map.of(topic.folder(), "topic optimized into another folder"));
        assertThat(ledger().isFolderReferenced(lease.freshFolder())).isTrue();
    }

    @Test
    void anOptimizationThatEndsWithoutACommitRetiresItsFreshFolder() {
        Topic failed = uploadedTopic("run/failed", 0, 1);
        Topic optimal = uploadedTopic("run/optimal", 0, 1);
        Topic released = uploadedTopic("run/released", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Map<Long, Lease> leases = new java.util.HashMap<>();
        for (int i = 0; i < 3; i++) {
            Lease lease = acquire(1);
            leases.put(lease.topic().id(), lease);
        }

        queue.recordUnpublishedRun(leases.get(failed.id()),
                RunReport.failed(RunOutcome.FAILED, "broke", RunVolume.NONE));
        assertThat(queue.markAlreadyOptimal(leases.get(optimal.id()), RunReport.alreadyOptimal(RunVolume.NONE)))
                .isTrue();
        assertThat(queue.release(leases.get(released.id()))).isTrue();

        assertThat(retired()).isEqualTo(Map.of(leases.get(failed.id()).freshFolder(), "optimization ended",
                leases.get(optimal.id()).freshFolder(), "optimization ended",
                leases.get(released.id()).freshFolder(), "optimization ended"));
    }

    @Test
    void anExpiredLeaseRetiresItsFreshFolderWhenReclaimedOrTakenOver() {
        uploadedTopic("run/a", 0, 1);
        uploadedTopic("run/b", 0, 1);
        queue.enqueueCompleteUnoptimizedTopics();
        Lease reclaimed = queue.acquire(1, Duration.ofMillis(1)).orElseThrow();
        Lease takenOver = queue.acquire(1, Duration.ofMillis(1)).orElseThrow();
        testRepository.passClock(takenOver.expiresAt());

        Lease next = acquire(2); // takes the first expired lease over directly
        queue.reclaimExpiredLeases(); // frees the other

        assertThat(retired()).isEqualTo(Map.of(reclaimed.freshFolder(), "optimization lease reclaimed",
                takenOver.freshFolder(), "optimization lease reclaimed"));
        assertThat(retired()).doesNotContainKey(next.freshFolder());
    }

    @Test
    void retiredFoldersAreDueOnceTheRetentionHasPassedAndForgottenOnlyAsRead() {
        Topic first = uploadedTopic("run/a", 0, 1);
        catalog.deleteTopic(first.id());
        RetiredFolder retired = ledger().retiredFolders().get(0);
        Duration retention = Duration.ofMillis(300);

        assertThat(ledger().dueForDeletion(Duration.ofHours(1))).isEmpty();
        assertThat(ledger().dueForDeletion(Duration.ZERO)).containsExactly(retired);
        testRepository.passClock(retired.retiredAt().plus(retention));
        assertThat(ledger().dueForDeletion(retention)).containsExactly(retired);

        ledger().forget(new RetiredFolder(retired.folder(), retired.retiredAt().plusMillis(1), retired.reason()));
        assertThat(ledger().retiredFolders()).as("a later retirement is kept").containsExactly(retired);
        ledger().forget(retired);
        assertThat(ledger().retiredFolders()).isEmpty();
    }

    @Test
    void theSweepRecordsAnUnreferencedFolderOnceAndNeverAReferencedOne() {
        Topic topic = uploadedTopic("run/a", 0, 1);
        String orphan = "tp_" + Ulid.generate();

        assertThat(ledger().retireIfUnreferenced(List.of(topic.folder(), orphan), "found by the orphan sweep"))
                .isEqualTo(1);
        Instant recordedAt = ledger().retiredFolders().get(0).retiredAt();
        testRepository.passClock(recordedAt.plusMillis(5));
        assertThat(ledger().retireIfUnreferenced(List.of(orphan), "found by the orphan sweep"))
                .as("a recorded folder keeps its time").isZero();

        assertThat(ledger().retiredFolders()).containsExactly(
                new RetiredFolder(orphan, recordedAt, "found by the orphan sweep"));
    }

    @Test
    void theLastSweepIsTheStartOfTheLatestPassThatSwept() {
        CleanupPass swept = ledger().beginPass(1, LONG_LEASE).orElseThrow();
        ledger().recordSweep(swept);
        ledger().finishPass(swept, new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        testRepository.passClock(swept.startedAt().plusMillis(5));
        CleanupPass steady = ledger().beginPass(1, LONG_LEASE).orElseThrow();
        ledger().finishPass(steady, new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));

        assertThat(ledger().lastSweep()).contains(swept.startedAt());
        assertThat(ledger().lastRun().orElseThrow().swept()).isFalse();
    }


    // ---------------------------------------------------------------- instances and clock

    @Test
    void instancesRegisterHeartbeatAndDeregister() {
        InstanceRegistry instances = repository.instances();
        Instant before = repository.now();
        long server = instances.register(InstanceKind.SERVER, "host-a", 4242, false);
        long optimizer = instances.register(InstanceKind.STORE_OPTIMIZER, "host-b", 17, true);
        assertThat(server).isNotEqualTo(optimizer);

        InstanceSnapshot snapshot = instances.list();
        assertThat(snapshot.now()).isAfterOrEqualTo(before);
        assertThat(snapshot.instances()).extracting(Instance::id).containsExactly(server, optimizer);
        Instance first = snapshot.instances().get(0);
        assertThat(first.kind()).isEqualTo(InstanceKind.SERVER);
        assertThat(first.host()).isEqualTo("host-a");
        assertThat(first.pid()).isEqualTo(4242);
        assertThat(first.oneShot()).isFalse();
        assertThat(first.startedAt()).isBetween(before, snapshot.now());
        assertThat(snapshot.instances().get(1).oneShot()).isTrue();

        assertThat(instances.heartbeat(server)).isTrue();
        assertThat(instances.list().instances().get(0).lastHeartbeatAt()).isAfterOrEqualTo(first.lastHeartbeatAt());
        instances.deregister(server);
        assertThat(instances.heartbeat(server)).isFalse();
        assertThat(instances.list().instances()).extracting(Instance::id).containsExactly(optimizer);
    }

    @Test
    void instancesSilentForSevenDaysArePurged() {
        InstanceRegistry instances = repository.instances();
        long silent = instances.register(InstanceKind.CLEANUP, "h", 1, false);
        long alive = instances.register(InstanceKind.CLEANUP, "h", 2, false);
        testRepository.backdateHeartbeat(silent, Duration.ofDays(8));

        assertThat(instances.purgeSilentFor(Duration.ofDays(7))).isEqualTo(1);
        assertThat(instances.list().instances()).extracting(Instance::id).containsExactly(alive);
        assertThat(instances.heartbeat(silent)).isFalse();
    }

    @Test
    void databaseClockIsEpochMilliseconds() {
        Instant now = repository.now();
        assertThat(Duration.between(now, Instant.now()).abs()).isLessThan(Duration.ofMinutes(5));
    }
}
