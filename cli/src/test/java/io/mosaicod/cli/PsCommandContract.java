package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Lease;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.RunReport;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mosaicod ps} against a real repository that the test fills through the repository API. Heartbeats
 * are aged with one SQL update each: the registry's API has no way to backdate a heartbeat, and waiting
 * 90 or 300 real seconds for an instance to turn stale or dead is no test anyone would run.
 */
abstract class PsCommandContract {
    @TempDir
    Path dir;

    private Backend backend;
    private Repository repository;

    protected abstract Backend createBackend(Path dataDir) throws Exception;

    @BeforeEach
    void openRepository() throws Exception {
        backend = createBackend(dir.resolve("data"));
        repository = Repositories.open(backend.database());
    }

    @AfterEach
    void closeRepository() {
        repository.close();
        backend.close();
    }

    private MainRun ps(String... flags) {
        String[] args = new String[flags.length + 1];
        args[0] = "ps";
        System.arraycopy(flags, 0, args, 1, flags.length);
        MainRun run = MainRun.of(dir, backend.env(), args);
        assertThat(run.exitCode()).as("ps exit code; stderr: %s", run.err()).isZero();
        return run;
    }

    private long register(InstanceKind kind, String host, long pid, boolean oneShot, long silentSeconds) {
        long id = repository.instances().register(kind, host, pid, oneShot);
        if (silentSeconds > 0) {
            backend.execute("UPDATE instance_registry SET last_heartbeat_at_ms = last_heartbeat_at_ms - "
                    + silentSeconds * 1000 + ", started_at_ms = started_at_ms - " + silentSeconds * 1000
                    + " WHERE id = " + id);
        }
        return id;
    }

    private static List<String> rowsStartingWith(MainRun run, String prefix) {
        return run.out().lines().filter(line -> line.startsWith(prefix)).toList();
    }

    @Test
    void showsAliveAndStaleInstancesAndHidesDeadOnesUnlessAskedForAll() {
        long server = register(InstanceKind.SERVER, "robot-a", 4242, false, 0);
        long optimizer = register(InstanceKind.STORE_OPTIMIZER, "robot-b", 5151, true, 120);
        long cleanup = register(InstanceKind.CLEANUP, "robot-c", 6161, false, 400);

        MainRun run = ps();

        assertThat(rowsStartingWith(run, "server")).singleElement().asString()
                .matches("server\\s+continuous\\s+" + server + "\\s+robot-a\\s+4242\\s+\\d+s\\s+\\d+s ago\\s+alive");
        assertThat(rowsStartingWith(run, "store-optimizer")).singleElement().asString()
                .matches("store-optimizer\\s+one-shot\\s+" + optimizer + "\\s+robot-b\\s+5151\\s+2m \\d\\ds\\s+"
                        + "2m \\d\\ds ago\\s+stale");
        assertThat(rowsStartingWith(run, "cleanup")).isEmpty();
        assertThat(run.out()).contains("1 dead instance not shown (-a shows it)");

        MainRun all = ps("-a");

        assertThat(rowsStartingWith(all, "cleanup")).singleElement().asString()
                .matches("cleanup\\s+continuous\\s+" + cleanup + "\\s+robot-c\\s+6161\\s+6m \\d\\ds\\s+"
                        + "6m \\d\\ds ago\\s+dead");
        assertThat(all.out()).doesNotContain("not shown");
    }

    @Test
    void verboseAddsAbsoluteStartAndHeartbeatTimes() {
        register(InstanceKind.SERVER, "robot-a", 4242, false, 0);
        Instance server = repository.instances().list().instances().get(0);

        MainRun run = ps("-v");

        assertThat(run.out().lines())
                .anySatisfy(header -> assertThat(header).matches("KIND .*STARTED AT\\s+HEARTBEAT AT"));
        assertThat(rowsStartingWith(run, "server")).singleElement().asString()
                .matches(".*alive\\s+" + TimeText.absolute(server.startedAt()) + "\\s+"
                        + TimeText.absolute(server.lastHeartbeatAt()));
        assertThat(ps().out()).doesNotContain(TimeText.absolute(server.startedAt()));
    }

    @Test
    void psDoesNotRegisterItself() {
        MainRun run = ps("-a");

        assertThat(repository.instances().list().instances()).isEmpty();
        assertThat(run.out()).contains("INSTANCES\nno instance running\n");
    }

    @Test
    void showsTheLastCleanupPassAsRunningThenIdleWithItsCounts() {
        assertThat(ps().out()).contains("LAST CLEANUP\nno cleanup pass recorded yet\n");
        long cleanup = register(InstanceKind.CLEANUP, "robot-c", 6161, false, 0);
        CleanupPass pass = repository.cleanupLedger().beginPass(cleanup, Duration.ofMinutes(5)).orElseThrow();

        MainRun running = ps();

        assertThat(rowsStartingWith(running, "state")).containsExactly("state    running");
        assertThat(rowsStartingWith(running, "pass")).containsExactly("pass     " + pass.runId() + " by instance "
                + cleanup + " (alive)");
        assertThat(rowsStartingWith(running, "result")).as("no counts before the pass ends").isEmpty();

        repository.cleanupLedger().finishPass(pass, new CleanupResult(CleanupState.FAILED, 3, 2, 1,
                List.of("tp_01: delete folder 'tp_01/' failed: simulated")));
        MainRun idle = ps();

        assertThat(rowsStartingWith(idle, "state")).containsExactly("state    idle (last pass failed)");
        assertThat(rowsStartingWith(idle, "ended")).singleElement().asString()
                .matches("ended\\s+\\d+s ago, after \\d+s");
        assertThat(rowsStartingWith(idle, "result")).containsExactly("result   3 marked, 2 deleted, 1 failed");
        assertThat(rowsStartingWith(idle, "errors"))
                .containsExactly("errors   tp_01: delete folder 'tp_01/' failed: simulated");
    }

    @Test
    void aRunningPassWhoseInstanceDiedIsShownAsAbandoned() {
        long cleanup = register(InstanceKind.CLEANUP, "robot-c", 6161, false, 0);
        repository.cleanupLedger().beginPass(cleanup, Duration.ofMinutes(5)).orElseThrow();
        backend.execute("UPDATE instance_registry SET last_heartbeat_at_ms = last_heartbeat_at_ms - 600000");

        assertThat(rowsStartingWith(ps(), "state")).containsExactly(
                "state    abandoned: its instance is dead; the next pass records it as interrupted");
    }

    @Test
    void showsQueuedLeasedAndRecentlyFailedTopics() {
        Catalog catalog = repository.catalog();
        OptimizationQueue queue = repository.optimizationQueue();
        Session session = catalog.createSession(catalog.createSequence("run", "{}", "sq_RUN").id());
        for (String path : List.of("imu", "cam", "lidar")) {
            Topic topic = catalog.createTopic(new NewTopic(session.id(), "run/" + path, "{}", "tp_" + path, "default",
                    Optional.empty()));
            catalog.markUploadComplete(topic.id());
        }
        assertThat(ps().out()).as("before any optimizer pass")
                .contains("0 topics queued, 0 leased, 0 failed in the last 24 h\n"
                        + "3 complete topics not optimized yet, to be queued by the next optimizer pass\n");
        assertThat(queue.enqueueCompleteUnoptimizedTopics()).isEqualTo(3);
        long optimizer = register(InstanceKind.STORE_OPTIMIZER, "robot-b", 5151, false, 0);
        Lease failing = queue.acquire(optimizer, Duration.ofMinutes(5)).orElseThrow();
        queue.recordUnpublishedRun(failing, RunReport.failed(RunOutcome.FAILED,
                "chunk tp_imu/data/00003.parquet: decoder exploded", RunVolume.NONE));
        Lease held = queue.acquire(optimizer, Duration.ofMinutes(5)).orElseThrow();

        MainRun run = ps();

        assertThat(run.out()).contains("OPTIMIZATION QUEUE\n1 topic queued, 1 leased, 1 failed in the last 24 h\n");
        assertThat(rowsStartingWith(run, held.topic().locator())).singleElement().asString()
                .matches(held.topic().locator() + "\\s+" + optimizer + " \\(alive\\)\\s+\\d+s ago\\s+"
                        + "in 4m \\d\\ds\\s+1");
        assertThat(rowsStartingWith(run, failing.topic().locator())).singleElement().asString()
                .matches(failing.topic().locator() + "\\s+" + optimizer
                        + "\\s+\\d+s ago\\s+failed\\s+chunk tp_imu/data/00003.parquet: decoder exploded");
    }

    @Test
    void theJsonReportHoldsTheSameFactsWithErrorsInFull() throws Exception {
        Catalog catalog = repository.catalog();
        OptimizationQueue queue = repository.optimizationQueue();
        Session session = catalog.createSession(catalog.createSequence("run", "{}", "sq_RUN").id());
        for (String path : List.of("imu", "cam")) {
            Topic topic = catalog.createTopic(new NewTopic(session.id(), "run/" + path, "{}", "tp_" + path, "default",
                    Optional.empty()));
            catalog.markUploadComplete(topic.id());
        }
        queue.enqueueCompleteUnoptimizedTopics();
        long optimizer = register(InstanceKind.STORE_OPTIMIZER, "robot-b", 5151, false, 0);
        register(InstanceKind.CLEANUP, "robot-c", 6161, false, 400);
        String error = "chunk tp_imu/data/00003.parquet: " + "decoder exploded ".repeat(10).strip();
        Lease failing = queue.acquire(optimizer, Duration.ofMinutes(5)).orElseThrow();
        queue.recordUnpublishedRun(failing, RunReport.failed(RunOutcome.FAILED, error, RunVolume.NONE));
        Lease held = queue.acquire(optimizer, Duration.ofMinutes(5)).orElseThrow();

        JsonNode report = new ObjectMapper()
                .readTree(ps("--json").out());

        assertThat(report.path("instances")).as("the dead cleanup hidden, as in the table").hasSize(1);
        assertThat(report.path("instances").get(0).path("kind").asText()).isEqualTo("store-optimizer");
        assertThat(report.path("instances").get(0).path("status").asText()).isEqualTo("alive");
        assertThat(report.path("last_cleanup").isNull()).isTrue();
        JsonNode optimization = report.path("optimization_queue");
        assertThat(optimization.path("queued").asInt()).isZero();
        assertThat(optimization.path("leased").get(0).path("topic").asText()).isEqualTo(held.topic().locator());
        assertThat(optimization.path("recent_failures").get(0).path("error").asText()).isEqualTo(error);
        assertThat(Instant.parse(report.path("now").asText())).isNotNull();
        assertThat(new ObjectMapper().readTree(ps("--json", "-a").out())
                .path("instances")).hasSize(2);
    }
}
