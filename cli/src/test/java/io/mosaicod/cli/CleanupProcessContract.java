package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ListEntry;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.PrefixEntry;
import io.mosaicod.testkit.Await;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mosaicod cleanup} as real processes (child JVMs on this test's classpath) sharing one repository and
 * store with the test: two cleanups at once, and SIGTERM between and during passes. Where a test needs a pass
 * to be under way at a known moment it runs {@link GatedCleanupWorker}, which holds the pass at its first
 * folder deletion until the test says so; nothing waits on a timer.
 */
@Timeout(180)
abstract class CleanupProcessContract {
    private static final long DEADLINE_SECONDS = 60;

    @TempDir
    Path dir;

    private Backend backend;
    private Repository repository;
    private ObjectStore store;
    private final List<Child> children = new ArrayList<>();

    protected abstract Backend createBackend(Path dataDir) throws Exception;

    @BeforeEach
    void openBackend() throws Exception {
        backend = createBackend(dir.resolve("data"));
        repository = Repositories.open(backend.database());
        store = backend.openStore();
    }

    @AfterEach
    void closeBackend() throws IOException {
        for (Child child : children) {
            child.process.destroyForcibly();
            System.out.println("---- " + child.log.getFileName() + "\n" + child.log()); // kept in the test report
        }
        store.close();
        repository.close();
        backend.close();
    }

    // ---------------------------------------------------------------- fixtures

    /** One child JVM; its stdout is read line by line, its stderr (the log) collected in a file. */
    private final class Child {
        final Process process;
        final Path log;
        final BufferedReader stdout;

        Child(String name, String mainClass, Map<String, String> extraEnv, String... args) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    mainClass));
            command.addAll(List.of(args));
            log = dir.resolve(name + ".log");
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectError(log.toFile());
            builder.environment().keySet().removeIf(variable -> variable.startsWith("MOSAICOD_"));
            builder.environment().putAll(backend.env());
            builder.environment().put("MOSAICOD_LOG_FORMAT", "plain");
            builder.environment().putAll(extraEnv);
            process = builder.start();
            stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            children.add(this);
        }

        void awaitLine(String expected) throws IOException {
            assertThat(stdout.readLine()).as("%s's stdout; its log: %s", log.getFileName(), log()).isEqualTo(expected);
        }

        /** SIGTERM; unlike {@link Process#destroy()} this leaves our end of its pipes open. */
        void sigterm() {
            assertThat(process.toHandle().destroy()).as("SIGTERM sent").isTrue();
        }

        void send(String line) throws IOException {
            process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
        }

        int exitCode() throws InterruptedException {
            assertThat(process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)).as("%s exits; its log: %s",
                    log.getFileName(), log()).isTrue();
            return process.exitValue();
        }

        String log() {
            try {
                return Files.exists(log) ? Files.readString(log) : "";
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private Child mosaicod(String name, String... args) throws IOException {
        return new Child(name, Main.class.getName(), Map.of(), args);
    }

    private Child gatedCleanup(String name, long intervalSeconds) throws IOException {
        Map<String, String> env = new HashMap<>();
        env.put("MOSAICOD_CLEANUP_TIME_INTERVAL", Long.toString(intervalSeconds));
        env.put("MOSAICOD_CLEANUP_RETENTION_DURATION", "0");
        return new Child(name, GatedCleanupWorker.class.getName(), env);
    }

    private Set<String> orphans(int count) throws IOException {
        Set<String> folders = new java.util.HashSet<>();
        for (int i = 0; i < count; i++) {
            Folder folder = new Folder(Folder.Kind.TOPIC, Ulid.generate());
            store.put(folder.metadataKey(), "{}".getBytes(StandardCharsets.UTF_8));
            store.put(folder.chunkKey(0), "chunk".getBytes(StandardCharsets.UTF_8));
            folders.add(folder.name());
        }
        return folders;
    }

    private Set<String> storeFolders() throws IOException {
        try (Stream<ListEntry> entries = store.listDelimited("")) {
            return entries.filter(entry -> entry instanceof PrefixEntry).map(ListEntry::key)
                    .map(key -> key.substring(0, key.length() - 1)).collect(Collectors.toSet());
        }
    }

    private CleanupRun lastRun() {
        return repository.cleanupLedger().lastRun().orElseThrow();
    }

    private List<Instance> instances() {
        return repository.instances().list().instances();
    }

    private static void awaitCondition(String what, BooleanSupplier condition) throws InterruptedException {
        Await.until(what, Duration.ofSeconds(DEADLINE_SECONDS), condition);
    }

    // ---------------------------------------------------------------- tests

    @Test
    void aSecondCleanupStartedDuringAPassSkipsItsPassAndNeverRunsAtTheSameTime() throws Exception {
        Set<String> orphans = orphans(3);
        Child first = gatedCleanup("first", 0);
        first.awaitLine("IN_PASS");
        CleanupRun running = lastRun();
        assertThat(running.state()).isEqualTo(CleanupState.RUNNING);

        Child second = mosaicod("second", "cleanup", "--retention-duration", "0", "--log-format", "json",
                "--confirm-empty-repository");

        assertThat(second.exitCode()).as("second's log: %s", second.log()).isZero();
        assertThat(second.log()).contains("\"msg\":\"Cleanup skipped: pass " + running.id() + " of instance "
                + running.instanceId() + " holds the cleanup lease\",\"skipped\":true");
        assertThat(lastRun()).as("the second recorded no pass of its own").isEqualTo(running);
        assertThat(storeFolders()).isEqualTo(orphans);

        first.send("GO");

        assertThat(first.exitCode()).isZero();
        CleanupRun finished = lastRun();
        assertThat(finished.id()).isEqualTo(running.id());
        assertThat(finished.state()).isEqualTo(CleanupState.SUCCEEDED);
        assertThat(finished.deleted()).isEqualTo(3);
        assertThat(storeFolders()).isEmpty();
        assertThat(first.log()).contains(
                "Cleanup completed. 3 items marked as ready to be deleted. 3 items deleted. 0 items failed");
        assertThat(instances()).as("both deregistered").isEmpty();
    }

    @Test
    void sigtermBetweenPassesStopsALoopingCleanupWithExitCode0AndDeregistersIt() throws Exception {
        orphans(2);
        Child cleanup = mosaicod("cleanup", "cleanup", "--time-interval", "3600", "--retention-duration", "0",
                "--confirm-empty-repository");
        awaitCondition("the first pass to end", () -> repository.cleanupLedger().lastRun()
                .flatMap(CleanupRun::endedAt).isPresent());
        assertThat(instances()).singleElement().satisfies(instance -> {
            assertThat(instance.kind()).isEqualTo(InstanceKind.CLEANUP);
            assertThat(instance.pid()).isEqualTo(cleanup.process.pid());
            assertThat(instance.oneShot()).isFalse();
        });

        cleanup.sigterm();

        assertThat(cleanup.exitCode()).as("exit code; log: %s", cleanup.log()).isZero();
        assertThat(instances()).isEmpty();
        CleanupRun run = lastRun();
        assertThat(run.state()).isEqualTo(CleanupState.SUCCEEDED);
        assertThat(run.deleted()).isEqualTo(2);
        assertThat(cleanup.log()).contains("Stop requested");
    }

    @Test
    void sigtermDuringAPassStopsItBeforeTheNextFolderRecordsItAsInterruptedAndExits0() throws Exception {
        Set<String> orphans = orphans(3);
        Child cleanup = gatedCleanup("cleanup", 3600);
        cleanup.awaitLine("IN_PASS");

        cleanup.sigterm(); // while the pass deletes its first folder
        awaitCondition("the stop signal to be raised", () -> cleanup.log().contains("Stop requested"));
        cleanup.send("GO");

        assertThat(cleanup.exitCode()).as("exit code; log: %s", cleanup.log()).isZero();
        CleanupRun run = lastRun();
        assertThat(run.state()).isEqualTo(CleanupState.INTERRUPTED);
        assertThat(run.endedAt()).isPresent();
        // the sweep recorded all three before the first deletion; the next pass deletes the other two
        assertThat(List.of(run.marked(), run.deleted(), run.failed())).containsExactly(3, 1, 0);
        assertThat(storeFolders()).hasSize(2).isSubsetOf(orphans);
        assertThat(instances()).isEmpty();
        assertThat(cleanup.log()).contains(
                "Cleanup completed. 3 items marked as ready to be deleted. 1 items deleted. 0 items failed");
    }
}
