package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.PostgresDatabase;
import io.mosaicod.testkit.PostgresServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two separate JVMs drain one optimization queue at the same time; every topic must be leased exactly once
 * overall. Run on both databases, since each excludes concurrent acquirers its own way (SQLite: an
 * immediate transaction; PostgreSQL: FOR UPDATE SKIP LOCKED).
 */
class AcquisitionRaceTest {
    private static final int TOPICS = 200;

    @TempDir
    Path temp;

    @Test
    @Timeout(120)
    void twoProcessesNeverAcquireTheSameTopicOnSqlite() throws Exception {
        race(DatabaseConfig.sqlite(temp.resolve("race.db")));
    }

    @Test
    @Timeout(120)
    void twoProcessesNeverAcquireTheSameTopicOnPostgres() throws Exception {
        try (PostgresDatabase database = PostgresServer.shared().createDatabase()) {
            race(database.config(2));
        }
    }

    @Test
    @Timeout(120)
    void processesStartingTogetherOnAFreshSqliteFileEachFindTheSchemaMigrated() throws Exception {
        DatabaseConfig fresh = DatabaseConfig.sqlite(temp.resolve("fresh.db"));
        List<Worker> workers = List.of(new Worker(fresh, 1), new Worker(fresh, 2), new Worker(fresh, 3));
        try {
            for (Worker worker : workers) {
                worker.awaitReady();
                worker.go();
            }
            for (Worker worker : workers) {
                assertThat(worker.acquiredTopics()).isEmpty();
            }
        } finally {
            for (Worker worker : workers) {
                worker.process.destroyForcibly();
            }
        }
    }

    private void race(DatabaseConfig config) throws Exception {
        Set<Long> queued = new HashSet<>();
        try (Repository repository = Repositories.open(config)) {
            Session session = repository.catalog().createSession(
                    repository.catalog().createSequence("race", "{}", "sq_RACE").id());
            for (int i = 0; i < TOPICS; i++) {
                Topic topic = repository.catalog().createTopic(new NewTopic(session.id(), "race/t" + i, "{}",
                        "tp_RACE" + i, "default", Optional.empty()));
                repository.catalog().markUploadComplete(topic.id());
                queued.add(topic.id());
            }
            assertThat(repository.optimizationQueue().enqueueCompleteUnoptimizedTopics()).isEqualTo(TOPICS);
        }

        List<Worker> workers = List.of(new Worker(config, 1), new Worker(config, 2));
        try {
            for (Worker worker : workers) {
                worker.awaitReady();
            }
            for (Worker worker : workers) {
                worker.go();
            }
            List<Long> acquired = new ArrayList<>();
            for (Worker worker : workers) {
                List<Long> mine = worker.acquiredTopics();
                // no fairness is promised (a SQLite writer in a tight loop may starve the other): only print it
                System.out.println("instance " + worker.instanceId + " acquired " + mine.size() + " topics");
                acquired.addAll(mine);
            }
            assertThat(acquired).as("every topic acquired exactly once").doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(queued);
        } finally {
            for (Worker worker : workers) {
                worker.process.destroyForcibly();
            }
        }
    }

    /** One child JVM running {@link AcquisitionRaceWorker}. */
    private final class Worker {
        final long instanceId;
        final Process process;
        final Path stderr;
        final BufferedReader stdout;

        Worker(DatabaseConfig config, long instanceId) throws IOException {
            this.instanceId = instanceId;
            this.stderr = temp.resolve("worker-" + instanceId + ".err");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            this.process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    AcquisitionRaceWorker.class.getName(), config.jdbcUrl(), config.user().orElse("-"),
                    config.password().map(Secret::reveal).orElse("-"), Long.toString(instanceId))
                    .redirectError(stderr.toFile())
                    .start();
            this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        void awaitReady() throws IOException {
            assertThat(stdout.readLine()).as("worker %d start-up; stderr: %s", instanceId, errors()).isEqualTo("READY");
        }

        void go() throws IOException {
            OutputStream stdin = process.getOutputStream();
            stdin.write("GO\n".getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        List<Long> acquiredTopics() throws Exception {
            List<String> lines = new ArrayList<>();
            for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
                lines.add(line);
            }
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("worker %d exits", instanceId).isTrue();
            assertThat(process.exitValue()).as("worker %d exit code; stderr: %s", instanceId, errors()).isZero();
            assertThat(lines).as("worker %d output", instanceId).isNotEmpty().last().isEqualTo("DONE");
            return lines.subList(0, lines.size() - 1).stream().map(Long::valueOf).toList();
        }

        private String errors() throws IOException {
            return Files.exists(stderr) ? Files.readString(stderr) : "";
        }
    }
}
