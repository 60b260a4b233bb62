package io.mosaicod.tasks.cleanup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Lease;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.db.RunReport;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.TestRepository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ListEntry;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.store.PrefixEntry;
import io.mosaicod.tasks.CapturedLogs;
import io.mosaicod.tasks.StopSignal;
import io.mosaicod.testkit.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the cleanup routine must do on every repository and store: {@code <Backend>CleanupTest} provides the
 * repository (wiped before each test) and an empty store per test (InMemory, Embedded, ScaleOut). The store
 * and ledger are wrapped ({@link ForwardingObjectStore}, {@link ForwardingLedger}) only where a test must fail
 * a call or act at an exact moment of a pass, or count what a pass asks of the store ({@link CountingObjectStore}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
abstract class CleanupRoutineContract {
    private static final Duration LONG_RETENTION = Duration.ofHours(1);

    private TestRepository testRepository;
    private Repository repository;
    private ScheduledExecutorService scheduler;
    protected ObjectStore store;
    private Catalog catalog;
    private OptimizationQueue queue;
    private CleanupLedger ledger;
    private long instanceId;
    private StopSignal stop;

    /** The empty repository this class's tests run against; closed after them. */
    protected abstract TestRepository createRepository() throws Exception;

    /** An empty store for one test. */
    protected abstract ObjectStore newStore() throws Exception;

    @BeforeAll
    void openRepository() throws Exception {
        testRepository = createRepository();
        repository = testRepository.repository();
        catalog = repository.catalog();
        queue = repository.optimizationQueue();
        ledger = repository.cleanupLedger();
        scheduler = Executors.newSingleThreadScheduledExecutor();
    }

    @BeforeEach
    void freshState() throws Exception {
        testRepository.wipe();
        store = newStore();
        instanceId = repository.instances().register(InstanceKind.CLEANUP, "test-host", 1, true);
        stop = new StopSignal();
    }

    @AfterEach
    void closeStore() throws IOException {
        store.close();
    }

    @AfterAll
    void closeRepository() {
        scheduler.shutdownNow();
        testRepository.close();
    }

    // ---------------------------------------------------------------- fixtures

    /**
     * Most tests here clean orphans in a repository that references nothing, as after every sequence was deleted
     * on purpose: their passes carry the operator's confirmation, and sweep the store in every pass. The refusal
     * without it, and the passes between sweeps, have tests of their own.
     */
    private static CleanupSettings settings(Duration retention, Duration passLease) {
        return new CleanupSettings(retention, passLease, true, Duration.ZERO);
    }

    private CleanupRoutine routine(Duration retention) {
        return routine(settings(retention, CleanupSettings.DEFAULT_PASS_LEASE), repository, store);
    }

    /** A pass with the default sweep interval: it sweeps only if no pass swept in the last week. */
    private CleanupResult steadyPass(Duration retention, ObjectStore store) {
        return routine(CleanupSettings.withRetention(retention), repository, store).runPass().orElseThrow();
    }

    private CleanupRoutine routine(CleanupSettings settings, Repository repository, ObjectStore store) {
        return new CleanupRoutine(repository, store, settings, instanceId, stop, scheduler);
    }

    private CleanupResult pass(Duration retention) {
        return routine(retention).runPass().orElseThrow();
    }

    private Sequence sequence(String locator) throws IOException {
        Folder folder = Folder.newSequence();
        store.put(folder.metadataKey(), bytes("{\"sequence\":\"" + locator + "\"}"));
        return catalog.createSequence(locator, "{}", folder.name());
    }

    /** A topic whose folder holds metadata and {@code chunks} chunks, each recorded in the repository. */
    private Topic topic(Session session, String locator, int chunks) throws IOException {
        Folder folder = Folder.newTopic();
        store.put(folder.metadataKey(), bytes("{\"topic\":\"" + locator + "\"}"));
        Topic topic = catalog.createTopic(new NewTopic(session.id(), locator, "{}", folder.name(), "default",
                Optional.empty()));
        for (int i = 0; i < chunks; i++) {
            store.put(folder.chunkKey(i), bytes("chunk " + i));
            catalog.addChunk(topic.id(), chunk(i, folder.chunkKey(i)));
        }
        return topic;
    }

    private static NewChunk chunk(int ordinal, String key) {
        return new NewChunk(ordinal, key, 7, 7, 1, OptionalLong.of(ordinal), OptionalLong.of(ordinal), true,
                List.of());
    }

    /** A folder with objects that nothing in the repository references, as a crashed writer leaves it. */
    private String orphan(Folder.Kind kind) throws IOException {
        Folder folder = new Folder(kind, io.mosaicod.core.Ulid.generate());
        store.put(folder.metadataKey(), bytes("{}"));
        if (kind == Folder.Kind.TOPIC) {
            store.put(folder.chunkKey(0), bytes("chunk 0"));
            store.put(folder.chunkKey(1), bytes("chunk 1"));
        }
        return folder.name();
    }

    private Set<String> storeFolders() throws IOException {
        try (Stream<ListEntry> entries = store.listDelimited("")) {
            return entries.filter(entry -> entry instanceof PrefixEntry).map(ListEntry::key)
                    .map(key -> key.substring(0, key.length() - 1)).collect(Collectors.toSet());
        }
    }

    private Set<String> keysOf(String folder) throws IOException {
        try (Stream<ObjectInfo> objects = store.list(folder + "/")) {
            return objects.map(ObjectInfo::key).collect(Collectors.toSet());
        }
    }

    private Map<String, RetiredFolder> retired() {
        return ledger.retiredFolders().stream().collect(Collectors.toMap(RetiredFolder::folder, r -> r));
    }

    private Instant retiredAt(String folder) {
        return retired().get(folder).retiredAt();
    }

    /** A topic optimized the way the store optimizer commits: its folder switches to the lease's fresh one. */
    private String optimize(Topic topic) throws IOException {
        catalog.markUploadComplete(topic.id());
        queue.enqueueCompleteUnoptimizedTopics();
        long optimizer = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "test-host", 2, true);
        Lease lease = queue.acquire(optimizer, Duration.ofMinutes(5)).orElseThrow();
        Folder fresh = Folder.parse(lease.freshFolder()).orElseThrow();
        store.copy(Folder.parse(topic.folder()).orElseThrow().metadataKey(), fresh.metadataKey());
        store.put(fresh.chunkKey(0), bytes("merged"));
        assertThat(queue.commitOptimization(lease, List.of(chunk(0, fresh.chunkKey(0))),
                RunReport.succeeded(RunVolume.NONE, RunVolume.NONE))).isTrue();
        return fresh.name();
    }

    /**
     * Waits in real time, with a deadline, until the database clock reaches {@code time}: for a test whose
     * timers must run meanwhile. Others let {@link TestRepository#passClock} move a fake clock instead.
     */
    private void awaitDatabaseTime(Instant time) throws InterruptedException {
        awaitCondition(() -> !repository.now().isBefore(time), "database time " + time);
    }

    private static void awaitCondition(BooleanSupplier condition, String what) throws InterruptedException {
        Await.until(what, Duration.ofSeconds(20), condition);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- marking and deleting

    @Test
    void withZeroRetentionEveryUnreferencedFolderIsDeletedAndEveryLiveOneKept() throws Exception {
        Sequence sequence = sequence("run");
        Topic topic = topic(catalog.createSession(sequence.id()), "run/imu", 3);
        orphan(Folder.Kind.TOPIC);
        orphan(Folder.Kind.SEQUENCE);
        Set<String> liveKeys = keysOf(topic.folder());

        CleanupResult result = pass(Duration.ZERO);

        assertThat(storeFolders()).containsExactlyInAnyOrder(sequence.folder(), topic.folder());
        assertThat(keysOf(topic.folder())).isEqualTo(liveKeys);
        assertThat(retired()).as("what is deleted is forgotten").isEmpty();
        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 2, 2, 0, List.of()));
    }

    @Test
    void anOptimizedTopicsOldFolderIsDeletedAndItsNewFolderKept() throws Exception {
        Sequence sequence = sequence("run");
        Topic topic = topic(catalog.createSession(sequence.id()), "run/imu", 4);
        String oldFolder = topic.folder();

        String newFolder = optimize(topic);
        CleanupResult result = pass(Duration.ZERO);

        assertThat(storeFolders()).containsExactlyInAnyOrder(sequence.folder(), newFolder);
        assertThat(keysOf(newFolder)).hasSize(2);
        assertThat(result.deleted()).isEqualTo(1);
        assertThat(storeFolders()).doesNotContain(oldFolder);
    }

    @Test
    void withARetentionAFolderRetiredByTheOptimizersCommitWaits() throws Exception {
        Sequence sequence = sequence("run");
        Topic topic = topic(catalog.createSession(sequence.id()), "run/imu", 2);
        Set<String> oldKeys = keysOf(topic.folder());
        Instant before = repository.now();
        optimize(topic);
        Instant after = repository.now();

        CleanupResult first = pass(LONG_RETENTION);
        CleanupResult second = pass(LONG_RETENTION);

        assertThat(first).as("the commit recorded it: the sweep has nothing to add")
                .isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(second).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(keysOf(topic.folder())).isEqualTo(oldKeys);
        assertThat(retiredAt(topic.folder())).as("retired at the database time of the commit")
                .isBetween(before, after);
    }

    @Test
    void aRetiredFolderIsDeletedByTheFirstPassAfterTheRetention() throws Exception {
        Sequence sequence = sequence("run");
        Topic topic = topic(catalog.createSession(sequence.id()), "run/imu", 2);
        String newFolder = optimize(topic);
        Duration retention = Duration.ofSeconds(1);

        assertThat(pass(retention)).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(storeFolders()).contains(topic.folder());
        testRepository.passClock(retiredAt(topic.folder()).plus(retention));
        CleanupResult later = pass(retention);

        assertThat(later).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 1, 0, List.of()));
        assertThat(storeFolders()).containsExactlyInAnyOrder(sequence.folder(), newFolder);
    }

    @Test
    void aLeasedTopicsFreshFolderIsNeverTouchedButIsCleanedOnceItsLeaseIsReclaimed() throws Exception {
        Sequence sequence = sequence("run");
        Topic topic = topic(catalog.createSession(sequence.id()), "run/imu", 2);
        catalog.markUploadComplete(topic.id());
        queue.enqueueCompleteUnoptimizedTopics();
        long optimizer = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "test-host", 2, false);
        Duration shortLease = Duration.ofMillis(500);
        Lease lease = queue.acquire(optimizer, shortLease).orElseThrow();
        Folder fresh = Folder.parse(lease.freshFolder()).orElseThrow();
        store.put(fresh.metadataKey(), bytes("{}"));
        store.put(fresh.chunkKey(0), bytes("half-written rewrite"));
        Set<String> freshKeys = keysOf(fresh.name());

        CleanupResult whileLeased = pass(Duration.ZERO);

        assertThat(whileLeased).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(keysOf(fresh.name())).isEqualTo(freshKeys);

        testRepository.passClock(lease.expiresAt());
        assertThat(queue.reclaimExpiredLeases()).isEqualTo(1);
        CleanupResult afterReclaim = pass(Duration.ZERO);

        assertThat(afterReclaim.deleted()).isEqualTo(1);
        assertThat(storeFolders()).containsExactlyInAnyOrder(sequence.folder(), topic.folder());
    }

    @Test
    void aRetiredFolderThatIsReferencedAgainIsForgottenAndKept() throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        // a server that writes a topic's folder before recording it: a sweep may run in between
        String folder = orphan(Folder.Kind.TOPIC);
        assertThat(pass(LONG_RETENTION).marked()).isEqualTo(1);
        catalog.createTopic(new NewTopic(session.id(), "run/imu", "{}", folder, "default", Optional.empty()));
        Set<String> keys = keysOf(folder);

        CleanupResult result = pass(Duration.ZERO);

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(retired()).isEmpty();
        assertThat(keysOf(folder)).isEqualTo(keys);
    }

    @ParameterizedTest(name = "retention {0} s")
    @ValueSource(longs = {0, 3600})
    void aFolderReferencedAfterTheSweepTookItsSnapshotIsNeitherRecordedNorDeleted(long retentionSeconds)
            throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        String recordedBefore = orphan(Folder.Kind.TOPIC);
        assertThat(ledger.retireIfUnreferenced(List.of(recordedBefore), "test")).isEqualTo(1);
        String neverRecorded = orphan(Folder.Kind.TOPIC);
        Set<String> keysRecorded = keysOf(recordedBefore);
        Set<String> keysUnrecorded = keysOf(neverRecorded);
        ForwardingLedger raced = new ForwardingLedger(ledger) {
            @Override
            public Set<String> referencedFolders() {
                Set<String> snapshot = super.referencedFolders();
                // the server records both folders right after the snapshot
                catalog.createTopic(new NewTopic(session.id(), "run/a", "{}", recordedBefore, "default",
                        Optional.empty()));
                catalog.createTopic(new NewTopic(session.id(), "run/b", "{}", neverRecorded, "default",
                        Optional.empty()));
                return snapshot;
            }
        };

        CleanupResult result = routine(settings(Duration.ofSeconds(retentionSeconds),
                CleanupSettings.DEFAULT_PASS_LEASE), raced.in(repository), store).runPass().orElseThrow();

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(keysOf(recordedBefore)).isEqualTo(keysRecorded);
        assertThat(keysOf(neverRecorded)).isEqualTo(keysUnrecorded);
        assertThat(retired()).doesNotContainKey(neverRecorded);
    }

    @Test
    void aFolderRecordedWhileItIsBeingDeletedIsReportedAsFailed() throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        String folder = orphan(Folder.Kind.TOPIC);
        ObjectStore racing = new ForwardingObjectStore(store) {
            @Override
            public long deleteFolder(String name) throws IOException {
                long deleted = super.deleteFolder(name);
                catalog.createTopic(new NewTopic(session.id(), "run/late", "{}", name, "default", Optional.empty()));
                return deleted;
            }
        };

        CleanupResult result = routine(settings(Duration.ZERO, CleanupSettings.DEFAULT_PASS_LEASE),
                repository, racing).runPass().orElseThrow();

        assertThat(result.state()).isEqualTo(CleanupState.FAILED);
        assertThat(result.failed()).isEqualTo(1);
        assertThat(result.deleted()).isZero();
        assertThat(result.errors()).singleElement().asString()
                .startsWith(folder + ": folder " + folder
                        + " was recorded in the repository while the cleanup deleted it");
    }

    @Test
    void aFolderThatAnOlderCleanupMarkedIsFoundByTheSweepAndItsRetentionStartsThen() throws Exception {
        Folder folder = Folder.parse(orphan(Folder.Kind.SEQUENCE)).orElseThrow();
        store.put(folder.toDeleteMarkerKey(), bytes("2020-01-01T00:00:00Z\nmarked by an older mosaicod cleanup"));
        Instant before = repository.now();

        CleanupResult result = pass(LONG_RETENTION);

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 1, 0, 0, List.of()));
        assertThat(retired().get(folder.name())).satisfies(r -> {
            assertThat(r.retiredAt()).isAfterOrEqualTo(before);
            assertThat(r.reason()).isEqualTo("found by the orphan sweep");
        });
        assertThat(storeFolders()).contains(folder.name());
    }

    @Test
    void foldersAndObjectsThatAreNotMosaicodsAreReportedOncePerPassAndNeverTouched() throws Exception {
        Sequence sequence = sequence("run");
        String orphan = orphan(Folder.Kind.TOPIC);
        store.put("robots/2024/dump.bin", bytes("another application's"));
        store.put("other-app/" + Folder.TO_DELETE_MARKER, bytes("a marker of an older cleanup"));
        String lowerCase = "tp_" + io.mosaicod.core.Ulid.generate().toString().toLowerCase(java.util.Locale.ROOT);
        store.put(lowerCase + "/metadata.json", bytes("{}"));
        store.put("README", bytes("not a folder"));

        List<String> warnings;
        CleanupResult first;
        try (CapturedLogs logs = new CapturedLogs("io.mosaicod.tasks.cleanup")) {
            first = pass(Duration.ZERO);
            pass(Duration.ZERO);
            warnings = logs.messages(Level.WARN);
        }

        assertThat(first).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 1, 1, 0, List.of()));
        assertThat(storeFolders()).as("only the unreferenced mosaicod folder is gone")
                .containsExactlyInAnyOrder(sequence.folder(), "robots", "other-app", lowerCase);
        assertThat(storeFolders()).doesNotContain(orphan);
        assertThat(store.get("robots/2024/dump.bin")).isEqualTo(bytes("another application's"));
        assertThat(store.exists("other-app/" + Folder.TO_DELETE_MARKER)).isTrue();
        assertThat(store.exists(lowerCase + "/metadata.json")).isTrue();
        assertThat(store.exists("README")).isTrue();
        assertThat(warnings).as("one line per pass").hasSize(2).allSatisfy(w -> assertThat(w)
                .contains("leaves alone what is not mosaicod's: 3 folders (", "robots", "other-app", lowerCase,
                        "and 1 object (README)"));
    }

    @Test
    void aStoreHoldingNoneOfTheReferencedFoldersIsRefusedWithoutTouchingAnything() throws Exception {
        Sequence sequence = sequence("run");
        topic(catalog.createSession(sequence.id()), "run/imu", 1);
        for (String folder : storeFolders()) {
            store.deleteFolder(folder); // as if the cleanup were pointed at another bucket or prefix
        }
        String orphan = orphan(Folder.Kind.TOPIC);
        store.put("robots/dump.bin", bytes("another application's"));

        CleanupResult result = pass(Duration.ZERO);

        assertThat(result.state()).isEqualTo(CleanupState.FAILED);
        assertThat(result.marked() + result.deleted()).isZero();
        assertThat(result.errors()).singleElement().asString().startsWith("no folder the repository references (2 folders) is in"
                + " the " + store).endsWith("is it the right bucket and prefix? Nothing was"
                + " marked or deleted");
        assertThat(storeFolders()).containsExactlyInAnyOrder(orphan, "robots");
        assertThat(retired()).doesNotContainKey(orphan);
    }

    /** What a repository created by mistake looks like: a data folder or a database URL missed from the config. */
    @Test
    void aRepositoryReferencingNothingIsRefusedAStoreOfMosaicodFoldersUnlessTheOperatorConfirms() throws Exception {
        String topic = orphan(Folder.Kind.TOPIC);
        String sequence = orphan(Folder.Kind.SEQUENCE);

        CleanupResult refused = routine(CleanupSettings.withRetention(Duration.ZERO), repository, store).runPass()
                .orElseThrow();

        assertThat(refused.state()).isEqualTo(CleanupState.FAILED);
        assertThat(refused.marked() + refused.deleted()).isZero();
        assertThat(refused.errors()).singleElement().asString().startsWith("the repository references no folder,"
                + " but the " + store + " holds 2 of mosaicod's").endsWith("run the cleanup with"
                + " --confirm-empty-repository");
        assertThat(storeFolders()).containsExactlyInAnyOrder(topic, sequence);
        assertThat(CleanupPlan.of(repository, store, CleanupSettings.withRetention(Duration.ZERO)).refusal())
                .as("the dry run's").isPresent();

        CleanupSettings confirmed = CleanupSettings.withRetention(LONG_RETENTION).confirmingEmptyRepository();
        CleanupResult marked = routine(confirmed, repository, store).runPass().orElseThrow();

        assertThat(marked.state()).isEqualTo(CleanupState.SUCCEEDED);
        assertThat(marked.marked()).isEqualTo(2);
        assertThat(retired()).containsOnlyKeys(topic, sequence);
    }

    @Test
    void aDryRunPlansWhatAPassThenDoesAndChangesNothing() throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        Topic live = topic(session, "run/imu", 2);
        Topic deleted = topic(session, "run/gps", 1);
        catalog.deleteTopic(deleted.id());
        String orphan = orphan(Folder.Kind.TOPIC);
        store.put("robots/dump.bin", bytes("another application's"));
        Map<String, Long> objectsBefore = objects();
        Optional<CleanupRun> lastRunBefore = ledger.lastRun();
        Map<String, RetiredFolder> retiredBefore = retired();
        CleanupSettings sweeping = settings(LONG_RETENTION, CleanupSettings.DEFAULT_PASS_LEASE);

        CleanupPlan waiting = CleanupPlan.of(repository, store, sweeping);
        CleanupPlan atOnce = CleanupPlan.of(repository, store, settings(Duration.ZERO,
                CleanupSettings.DEFAULT_PASS_LEASE));

        assertThat(objects()).as("the store is unchanged").isEqualTo(objectsBefore);
        assertThat(ledger.lastRun()).as("no pass is recorded").isEqualTo(lastRunBefore);
        assertThat(retired()).as("nothing is recorded").isEqualTo(retiredBefore);
        assertThat(waiting.sweeps()).isTrue();
        assertThat(waiting.refusal()).isEmpty();
        assertThat(waiting.steps()).extracting(CleanupPlan.Step::folder, CleanupPlan.Step::action)
                .containsExactlyInAnyOrder(tuple(orphan, "record"), tuple(deleted.folder(), "wait"));
        assertThat(waiting.foreign()).contains("1 folder (robots) and 0 objects ()");
        assertThat(atOnce.steps()).extracting(CleanupPlan.Step::folder, CleanupPlan.Step::action)
                .containsExactlyInAnyOrder(tuple(orphan, "record then delete"), tuple(deleted.folder(), "delete"));

        CleanupResult result = pass(Duration.ZERO);
        assertThat(result.marked()).isEqualTo(atOnce.count("record") + atOnce.count("record then delete"));
        assertThat(result.deleted()).isEqualTo(atOnce.count("delete") + atOnce.count("record then delete"));
        assertThat(storeFolders()).containsExactlyInAnyOrder(sequence.folder(), live.folder(), "robots");
        CleanupPlan betweenSweeps = CleanupPlan.of(repository, store, CleanupSettings.withRetention(Duration.ZERO));
        assertThat(betweenSweeps.sweeps()).as("a pass swept just now").isFalse();
        assertThat(betweenSweeps.steps()).isEmpty();
        assertThat(betweenSweeps.foreign()).as("the store is not listed").isEmpty();
    }

    private Map<String, Long> objects() throws IOException {
        try (Stream<ObjectInfo> objects = store.list("")) {
            return objects.collect(Collectors.toMap(ObjectInfo::key, ObjectInfo::size));
        }
    }

    // ---------------------------------------------------------------- between sweeps: what was retired only

    @Test
    void aPassWithNothingDueMakesNoStoreRequest() throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        for (int i = 0; i < 5; i++) {
            optimize(topic(session, "run/t" + i, 3)); // five old folders retired, waiting for the retention
        }
        steadyPass(LONG_RETENTION, store); // the first pass ever sweeps
        CountingObjectStore counting = new CountingObjectStore(store);

        CleanupResult result = steadyPass(LONG_RETENTION, counting);

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(counting.calls()).as("no listing, no marker read, nothing").isEmpty();
        assertThat(ledger.lastRun().orElseThrow().swept()).isFalse();
    }

    @Test
    void aPassBetweenSweepsDeletesWhatWasRetiredWithOneRequestPerFolderAndNoListing() throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        Topic deleted = topic(session, "run/deleted", 2);
        Topic optimized = topic(session, "run/optimized", 2);
        String orphan = orphan(Folder.Kind.TOPIC);
        steadyPass(LONG_RETENTION, store); // sweeps: records the orphan
        catalog.deleteTopic(deleted.id());
        String fresh = optimize(optimized);
        CountingObjectStore counting = new CountingObjectStore(store);

        CleanupResult result = steadyPass(Duration.ZERO, counting);

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 3, 0, List.of()));
        assertThat(counting.calls()).isEqualTo(Map.of("deleteFolder", 3));
        assertThat(storeFolders()).containsExactlyInAnyOrder(sequence.folder(), fresh);
        assertThat(retired()).isEmpty();
        assertThat(storeFolders()).doesNotContain(orphan, deleted.folder(), optimized.folder());
    }

    @Test
    void theSweepListsTheTopLevelOnceAndReadsNoFolder() throws Exception {
        Sequence sequence = sequence("run");
        Session session = catalog.createSession(sequence.id());
        for (int i = 0; i < 3; i++) {
            topic(session, "run/t" + i, 4);
            orphan(Folder.Kind.TOPIC);
        }
        Folder marked = Folder.parse(orphan(Folder.Kind.TOPIC)).orElseThrow();
        store.put(marked.toDeleteMarkerKey(), bytes("2020-01-01T00:00:00Z"));
        CountingObjectStore counting = new CountingObjectStore(store);

        CleanupResult result = routine(settings(LONG_RETENTION, CleanupSettings.DEFAULT_PASS_LEASE), repository,
                counting).runPass().orElseThrow();

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 4, 0, 0, List.of()));
        assertThat(counting.calls()).isEqualTo(Map.of("listDelimited", 1));
    }

    @Test
    void aPassSweepsOnlyOnceTheSweepIntervalHasPassedSinceAnyInstancesLatestSweep() throws Exception {
        Duration interval = Duration.ofSeconds(1);
        CleanupSettings everySecond = CleanupSettings.withRetention(LONG_RETENTION).confirmingEmptyRepository()
                .sweepingEvery(interval);
        long other = repository.instances().register(InstanceKind.CLEANUP, "other-host", 7, true);
        new CleanupRoutine(repository, store, everySecond, other, stop, scheduler).runPass().orElseThrow();
        Instant sweptAt = ledger.lastSweep().orElseThrow();
        String orphan = orphan(Folder.Kind.TOPIC);

        CleanupResult soon = routine(everySecond, repository, store).runPass().orElseThrow();
        testRepository.passClock(sweptAt.plus(interval));
        CleanupResult later = routine(everySecond, repository, store).runPass().orElseThrow();

        assertThat(soon.marked()).as("another instance swept less than the interval ago").isZero();
        assertThat(later.marked()).isEqualTo(1);
        assertThat(retired()).containsOnlyKeys(orphan);
        assertThat(ledger.lastRun().orElseThrow().swept()).isTrue();
    }

    @Test
    void aRetiredFolderThatIsNotMosaicodsIsForgottenNeverDeleted() throws Exception {
        sequence("run");
        store.put("robots/dump.bin", bytes("another application's"));
        Sequence imported = catalog.createSequence("imported", "{}", "robots");
        steadyPass(Duration.ZERO, store);
        catalog.deleteSequence(imported.id());
        assertThat(retired()).containsOnlyKeys("robots");

        CleanupResult result = steadyPass(Duration.ZERO, store);

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(store.get("robots/dump.bin")).isEqualTo(bytes("another application's"));
        assertThat(retired()).isEmpty();
    }

    // ---------------------------------------------------------------- failures, stops, concurrency

    @Test
    void aFolderThatFailsIsCountedWithItsErrorAndTheOthersAreStillCleaned() throws Exception {
        String first = orphan(Folder.Kind.TOPIC);
        String failing = orphan(Folder.Kind.TOPIC);
        String last = orphan(Folder.Kind.TOPIC);
        ObjectStore faulty = new ForwardingObjectStore(store) {
            @Override
            public long deleteFolder(String folder) throws IOException {
                if (folder.equals(failing)) {
                    throw new IOException("delete folder '" + folder + "/' failed: simulated outage");
                }
                return super.deleteFolder(folder);
            }
        };

        CleanupResult result = routine(settings(Duration.ZERO, CleanupSettings.DEFAULT_PASS_LEASE),
                repository, faulty).runPass().orElseThrow();

        assertThat(result).isEqualTo(new CleanupResult(CleanupState.FAILED, 3, 2, 1,
                List.of(failing + ": delete folder '" + failing + "/' failed: simulated outage")));
        assertThat(storeFolders()).containsExactly(failing).doesNotContain(first, last);
        assertThat(retired()).as("left recorded for the next pass").containsOnlyKeys(failing);
        CleanupRun recorded = ledger.lastRun().orElseThrow();
        assertThat(recorded.state()).isEqualTo(CleanupState.FAILED);
        assertThat(recorded.errors()).isEqualTo(result.errors());
        assertThat(steadyPass(Duration.ZERO, store).deleted()).as("the next pass retries it").isEqualTo(1);
    }

    @Test
    void eachPassIsRecordedInTheCleanupLogWithItsInstanceTimesAndCounts() throws Exception {
        orphan(Folder.Kind.TOPIC);
        Instant before = repository.now();

        CleanupResult result = pass(Duration.ZERO);

        CleanupRun run = ledger.lastRun().orElseThrow();
        assertThat(run.instanceId()).isEqualTo(instanceId);
        assertThat(run.state()).isEqualTo(CleanupState.SUCCEEDED);
        assertThat(run.startedAt()).isAfterOrEqualTo(before);
        assertThat(run.endedAt()).hasValueSatisfying(end -> assertThat(end).isAfterOrEqualTo(run.startedAt()));
        assertThat(List.of(run.marked(), run.deleted(), run.failed()))
                .isEqualTo(List.of(result.marked(), result.deleted(), result.failed())).containsExactly(1, 1, 0);
        assertThat(run.swept()).isTrue();
    }

    @Test
    void thePassEndsWithTheCompletionLineAndItsCountsAsFields() throws Exception {
        orphan(Folder.Kind.TOPIC);
        orphan(Folder.Kind.SEQUENCE);
        ILoggingEvent last;
        try (CapturedLogs logs = new CapturedLogs("io.mosaicod.tasks.cleanup")) {
            pass(Duration.ZERO);
            last = logs.last();
        }

        assertThat(last.getLevel()).isEqualTo(Level.INFO);
        assertThat(last.getFormattedMessage())
                .isEqualTo("Cleanup completed. 2 items marked as ready to be deleted. 2 items deleted. 0 items failed");
        assertThat(CapturedLogs.keyValues(last)).containsEntry("marked", 2).containsEntry("deleted", 2)
                .containsEntry("failed", 0).containsEntry("state", "SUCCEEDED");
    }

    @Test
    void aPassIsSkippedWhileAnotherInstanceHoldsTheCleanupLease() throws Exception {
        String folder = orphan(Folder.Kind.TOPIC);
        long other = repository.instances().register(InstanceKind.CLEANUP, "other-host", 7, false);
        CleanupPass held = ledger.beginPass(other, Duration.ofMinutes(5)).orElseThrow();

        Optional<CleanupResult> skipped;
        List<String> messages;
        try (CapturedLogs logs = new CapturedLogs("io.mosaicod.tasks.cleanup")) {
            skipped = routine(Duration.ZERO).runPass();
            messages = logs.messages(Level.INFO);
        }

        assertThat(skipped).isEmpty();
        assertThat(storeFolders()).containsExactly(folder);
        assertThat(retired()).isEmpty();
        assertThat(messages).containsExactly("Cleanup skipped: pass " + held.runId() + " of instance " + other
                + " holds the cleanup lease");

        ledger.finishPass(held, new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(routine(Duration.ZERO).runPass()).hasValueSatisfying(r -> assertThat(r.deleted()).isEqualTo(1));
    }

    @Test
    void aStopRequestEndsThePassBetweenFoldersAndClosesItsRecord() throws Exception {
        Set<String> orphans = Set.of(orphan(Folder.Kind.TOPIC), orphan(Folder.Kind.TOPIC), orphan(Folder.Kind.TOPIC));
        ObjectStore signalling = new ForwardingObjectStore(store) {
            @Override
            public long deleteFolder(String folder) throws IOException {
                stop.request(); // SIGTERM arrives while the first folder is being deleted
                return super.deleteFolder(folder);
            }
        };

        CleanupResult result = routine(settings(Duration.ZERO, CleanupSettings.DEFAULT_PASS_LEASE),
                repository, signalling).runPass().orElseThrow();

        assertThat(result).as("the sweep recorded all three before the first deletion")
                .isEqualTo(new CleanupResult(CleanupState.INTERRUPTED, 3, 1, 0, List.of()));
        assertThat(storeFolders()).hasSize(2).allMatch(orphans::contains);
        CleanupRun run = ledger.lastRun().orElseThrow();
        assertThat(run.state()).isEqualTo(CleanupState.INTERRUPTED);
        assertThat(run.endedAt()).isPresent();
        assertThat(run.deleted()).isEqualTo(1);
        assertThat(ledger.beginPass(instanceId, Duration.ofMinutes(1))).as("the lease was freed").isPresent();
    }

    // seconds of real time on every backend, fakes too (the renewal timer races the clock): not in the fast tier
    @Tag("slow")
    @Test
    void theLeaseIsRenewedWhileAPassIsSlowSoNoOtherPassCanStart() throws Exception {
        orphan(Folder.Kind.TOPIC);
        // renewed every 333 ms: a renewal may be late by two thirds of a second on a loaded machine
        Duration lease = Duration.ofSeconds(1);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ObjectStore slow = new ForwardingObjectStore(store) {
            @Override
            public long deleteFolder(String folder) throws IOException {
                inside.countDown();
                try {
                    assertThat(release.await(30, TimeUnit.SECONDS)).isTrue();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return super.deleteFolder(folder);
            }
        };
        CompletableFuture<Optional<CleanupResult>> running = CompletableFuture.supplyAsync(
                () -> routine(settings(Duration.ZERO, lease), repository, slow).runPass());
        assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
        CleanupRun pass = ledger.lastRun().orElseThrow();
        long other = repository.instances().register(InstanceKind.CLEANUP, "other-host", 7, false);

        awaitDatabaseTime(pass.startedAt().plus(lease.multipliedBy(2)));
        Optional<CleanupPass> intruder = ledger.beginPass(other, lease);
        release.countDown();

        assertThat(intruder).as("two lease durations later, the slow pass still holds its lease").isEmpty();
        assertThat(running.get(30, TimeUnit.SECONDS)).hasValueSatisfying(
                r -> assertThat(r.state()).isEqualTo(CleanupState.SUCCEEDED));
    }

    @Test
    void aPassThatLosesItsLeaseStopsBeforeItsNextFolder() throws Exception {
        orphan(Folder.Kind.TOPIC);
        orphan(Folder.Kind.TOPIC);
        CountDownLatch deleting = new CountDownLatch(1);
        CountDownLatch lost = new CountDownLatch(1);
        ForwardingLedger losing = new ForwardingLedger(ledger) {
            @Override
            public boolean renewPass(CleanupPass pass, Duration leaseDuration) {
                if (deleting.getCount() > 0) {
                    return super.renewPass(pass, leaseDuration); // the lease is lost during the first deletion
                }
                lost.countDown();
                return false;
            }
        };
        ObjectStore waitsForTheLoss = new ForwardingObjectStore(store) {
            @Override
            public long deleteFolder(String folder) throws IOException {
                deleting.countDown();
                try {
                    assertThat(lost.await(30, TimeUnit.SECONDS)).isTrue();
                    // the timer thread is single: once this no-op ran, the failed renewal has been handled
                    scheduler.submit(() -> { }).get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return super.deleteFolder(folder);
            }
        };

        CleanupResult result = routine(settings(Duration.ZERO, Duration.ofMillis(300)),
                losing.in(repository), waitsForTheLoss).runPass().orElseThrow();

        assertThat(result.state()).isEqualTo(CleanupState.FAILED);
        assertThat(result.deleted()).isEqualTo(1);
        assertThat(result.errors())
                .containsExactly("cleanup lease lost: taken over by another instance, or expired");
        assertThat(storeFolders()).hasSize(1);
    }

    // ---------------------------------------------------------------- instance registry

    @Test
    void instancesSilentForAWeekAreForgottenWhenAPassStarts() throws Exception {
        long gone = repository.instances().register(InstanceKind.SERVER, "old-host", 3, false);
        long quiet = repository.instances().register(InstanceKind.SERVER, "old-host", 4, false);
        testRepository.backdateHeartbeat(gone, Duration.ofDays(8));
        testRepository.backdateHeartbeat(quiet, Duration.ofDays(6));

        pass(Duration.ZERO);

        assertThat(repository.instances().list().instances()).extracting(Instance::id)
                .containsExactlyInAnyOrder(instanceId, quiet);
    }
}
