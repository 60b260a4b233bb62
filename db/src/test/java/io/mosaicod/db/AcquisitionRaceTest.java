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
 * overall, and the two must have competed for topics rather than taken turns. Run on both databases, since each excludes concurrent acquirers its own way (SQLite: an
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
                worker.requestAcquisition();
                assertThat(worker.attempt().topicId()).isEmpty();
                worker.finish();
            }
        } finally {
            for (Worker worker : workers) {
                worker.process.destroyForcibly();
            }
        }
    }

    /**
     * Runs in rounds: each round asks both workers at once for one acquisition. A free-running race could
     * let one worker drain the queue before the other's first attempt (nothing would then be raced), so the
     * rounds make both attempt in every round, and the attempts' times show that they overlapped.
     */
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
            List<Long> acquired = new ArrayList<>();
            int overlappingRounds = 0;
            // a queue handing out a topic twice would never empty: the rounds are bounded
            for (int round = 0; round <= TOPICS; round++) {
                for (Worker worker : workers) {
                    worker.requestAcquisition();
                }
                Attempt first = workers.get(0).attempt();
                Attempt second = workers.get(1).attempt();
                if (first.topicId().isEmpty() && second.topicId().isEmpty()) {
                    break;
                }
                if (TOPICS - acquired.size() >= workers.size()) {
                    assertThat(List.of(first, second)).as("round %d, %d topics queued: each worker acquires one",
                            round, TOPICS - acquired.size()).allMatch(attempt -> attempt.topicId().isPresent());
                }
                first.topicId().ifPresent(acquired::add);
                second.topicId().ifPresent(acquired::add);
                if (first.overlaps(second)) {
                    overlappingRounds++;
                }
            }
            System.out.println(overlappingRounds + " rounds with both acquisitions overlapping in time");
            assertThat(overlappingRounds).as("rounds in which each worker acquired a topic while the other's "
                    + "acquisition was under way").isPositive();
            assertThat(acquired).as("every topic acquired exactly once").doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(queued);
            for (Worker worker : workers) {
                worker.finish();
            }
        } finally {
            for (Worker worker : workers) {
                worker.process.destroyForcibly();
            }
        }
    }

    /** One worker's answer to {@code ACQUIRE}: the topic it leased, if any, and when it tried (wall clock, µs). */
    private record Attempt(Optional<Long> topicId, long startMicros, long endMicros) {
        static Attempt parse(String line) {
            String[] fields = line.split(" ");
            return new Attempt("NONE".equals(fields[0]) ? Optional.empty() : Optional.of(Long.valueOf(fields[0])),
                    Long.parseLong(fields[1]), Long.parseLong(fields[2]));
        }

        /** Both leased a topic, each while the other's acquisition was under way. */
        boolean overlaps(Attempt other) {
            return topicId.isPresent() && other.topicId.isPresent()
                    && startMicros < other.endMicros && other.startMicros < endMicros;
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

        void requestAcquisition() throws IOException {
            OutputStream stdin = process.getOutputStream();
            stdin.write("ACQUIRE\n".getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        Attempt attempt() throws IOException {
            String line = stdout.readLine();
            assertThat(line).as("worker %d's attempt; stderr: %s", instanceId, errors()).isNotNull();
            return Attempt.parse(line);
        }

        /** Ends the worker's input and expects it to exit cleanly. */
        void finish() throws Exception {
            process.getOutputStream().close();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("worker %d exits", instanceId).isTrue();
            assertThat(process.exitValue()).as("worker %d exit code; stderr: %s", instanceId, errors()).isZero();
        }

        private String errors() throws IOException {
            return Files.exists(stderr) ? Files.readString(stderr) : "";
        }
    }
}
