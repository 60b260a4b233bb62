package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.grpc.Status;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.testkit.S3Server;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code mosaicod server} processes sharing PostgreSQL and S3 (a dedicated s3proxy on its filesystem backend
 * that records every object write it receives), and two clients racing to upload the same topic, one through each
 * server, topic after topic. Neither server's own bookkeeping sees the other's upload: only the claim in the
 * repository can keep them apart. Every topic must be uploaded by exactly one client — complete, holding exactly
 * that client's rows, chunk after chunk, each chunk object of the size the repository records — while the other
 * is refused with FAILED_PRECONDITION; and no object key is ever written twice: each chunk object once, a topic's
 * {@code metadata.json} twice (by {@code topic_create}, then by the one upload that records its schema).
 */
class UploadRaceTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final long EPOCH_NS = 1_700_000_000_000_000_000L;

    @TempDir
    Path dir;

    /**
     * What one client sends: its batches' timestamps, disjoint from the other client's, as rows {@code fixture}
     * builds in the client's memory.
     */
    private record Contender(int index, MosaicoClient client, TopicFixture fixture, List<List<Long>> batches) {
    }

    /** How one client's upload ended: OK, or the server's refusal. */
    private record Outcome(Status.Code code, String message) {
        static final Outcome OK = new Outcome(Status.Code.OK, "");
    }

    @Test
    void twoServersRacingForEachTopicLetExactlyOneUploadWriteItAndNoObjectIsWrittenTwice() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "upload race"));
        int rounds = Campaign.size(50, 500);
        int[] wins = new int[2];
        Map<String, Integer> refusals = new TreeMap<>();
        long startNanos = System.nanoTime();
        ExecutorService racers = Executors.newFixedThreadPool(2);
        try (S3Server s3 = S3Server.recordingWrites();
             Deployment deployment = new Deployment(new Backend.ScaleOut(dir, s3));
             ServerSession first = new ServerSession(deployment);
             ServerSession second = new ServerSession(deployment)) {
            List<ServerSession> servers = List.of(first, second);
            List<TopicFixture> fixtures = servers.stream().map(server -> new TopicFixture(deployment.repository,
                    deployment.store, server.client().allocator())).toList();
            for (int round = 0; round < rounds; round++) {
                String sequence = "race" + round;
                String locator = sequence + "/imu";
                UUID uuid = createTopic(servers.get(random.nextInt(2)).client(), sequence, locator);
                // contender 0 uploads through a server picked at random, contender 1 through the other
                int firstServer = random.nextInt(2);
                List<Contender> contenders = List.of(
                        new Contender(0, servers.get(firstServer).client(), fixtures.get(firstServer),
                                batches(random, 0)),
                        new Contender(1, servers.get(1 - firstServer).client(), fixtures.get(1 - firstServer),
                                batches(random, 1)));
                int headStart = random.nextInt(2);
                long headStartNanos = random.nextInt(3_000_000);
                List<Outcome> outcomes = race(racers, contenders, locator, uuid, headStart, headStartNanos);

                List<Outcome> won = outcomes.stream().filter(o -> o.code() == Status.Code.OK).toList();
                assertThat(won).as("%s: %s", locator, outcomes).hasSize(1);
                int winner = outcomes.indexOf(Outcome.OK);
                Outcome lost = outcomes.get(1 - winner);
                assertThat(lost.code()).as("%s: %s", locator, lost).isEqualTo(Status.Code.FAILED_PRECONDITION);
                assertThat(lost.message()).as(locator).isIn("Topic `" + locator + "` is already uploading.",
                        "Topic `" + locator + "` is already uploaded.");
                wins[contenders.get(winner).client() == first.client() ? 0 : 1]++;
                refusals.merge(lost.message().replace(locator, "x"), 1, Integer::sum);
                assertUploadedBy(deployment, locator, contenders.get(winner));
            }
            assertNoObjectWrittenTwice(deployment, s3.writtenKeys(((Backend.ScaleOut) deployment.backend).bucket()));
            Campaign.report("upload race", "%d topics in %.1f s: %d uploaded through the first server, %d through "
                    + "the second; the other upload refused with FAILED_PRECONDITION: %s; no object written twice",
                    rounds, (System.nanoTime() - startNanos) / 1e9, wins[0], wins[1], refusals);
        } finally {
            racers.shutdownNow();
        }
    }

    private static UUID createTopic(MosaicoClient client, String sequence, String locator) {
        var metadata = JsonNodeFactory.instance.objectNode().put("robot", "r1");
        client.createSequence(sequence, metadata);
        SessionHandle session = client.createSession(sequence);
        return client.createTopic(session.uuid(), new TopicSpec(locator, "default", "imu", metadata));
    }

    /** 1–4 batches of 1–200 rows, the contender's own time range so that its rows are told apart. */
    private static List<List<Long>> batches(Random random, int contender) {
        List<List<Long>> batches = new ArrayList<>();
        long next = EPOCH_NS + contender * 1_000_000_000_000L;
        for (int b = 1 + random.nextInt(4); b > 0; b--) {
            List<Long> timestamps = new ArrayList<>();
            for (int r = 1 + random.nextInt(200); r > 0; r--) {
                timestamps.add(next);
                next += 1 + random.nextInt(1_000);
            }
            batches.add(timestamps);
        }
        return batches;
    }

    /** Both contenders start together, one of them {@code headStartNanos} ahead (to vary who reaches a server first). */
    private static List<Outcome> race(ExecutorService racers, List<Contender> contenders, String locator, UUID uuid,
                                      int headStart, long headStartNanos) throws Exception {
        CyclicBarrier start = new CyclicBarrier(contenders.size());
        List<Future<Outcome>> running = new ArrayList<>();
        for (Contender contender : contenders) {
            running.add(racers.submit(() -> {
                start.await();
                if (contender.index() != headStart) {
                    LockSupport.parkNanos(headStartNanos); // a head start, not a stand-in for synchronization
                }
                return upload(contender, locator, uuid);
            }));
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (Future<Outcome> outcome : running) {
            outcomes.add(outcome.get(Deployment.PROCESS_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        }
        return outcomes;
    }

    private static Outcome upload(Contender contender, String locator, UUID uuid) {
        try (TopicUpload upload = contender.client().upload(locator, uuid, TopicFixture.SCHEMA)) {
            for (int b = 0; b < contender.batches().size(); b++) {
                try (VectorSchemaRoot batch = contender.fixture().batchOf(contender.batches().get(b), b)) {
                    upload.put(batch);
                }
            }
            upload.complete();
            return Outcome.OK;
        } catch (MosaicoException refused) {
            return new Outcome(refused.code(), refused.serverMessage());
        }
    }

    /**
     * The topic is complete and holds the winner's batches exactly, one chunk each, read back from the store, every
     * chunk object of the size the repository records.
     */
    private static void assertUploadedBy(Deployment deployment, String locator, Contender winner) throws Exception {
        Topic topic = deployment.repository.catalog().findTopicByLocator(locator).orElseThrow();
        assertThat(topic.isUploadComplete()).as(locator).isTrue();
        List<Chunk> chunks = deployment.repository.catalog().listChunks(topic.id());
        assertThat(chunks).as("chunks of %s", locator).hasSize(winner.batches().size());
        for (Chunk chunk : chunks) {
            assertThat(deployment.store.head(chunk.objectKey()).size()).as(chunk.objectKey())
                    .isEqualTo(chunk.sizeBytes());
            assertThat(chunk.rowCount()).as(chunk.objectKey())
                    .isEqualTo(winner.batches().get(chunk.ordinal()).size());
        }
        List<String> sent = new ArrayList<>();
        for (int b = 0; b < winner.batches().size(); b++) {
            try (VectorSchemaRoot batch = deployment.fixture.batchOf(winner.batches().get(b), b)) {
                for (int r = 0; r < batch.getRowCount(); r++) {
                    sent.add(TopicFixture.render(batch, r));
                }
            }
        }
        assertThat(deployment.fixture.rows(topic)).as("rows of %s", locator).isEqualTo(sent);
    }

    /**
     * Every chunk object was written once, and only the chunks the repository records were written at all (the
     * refused uploads wrote nothing); each topic's metadata.json twice, each sequence's once, nothing else.
     */
    private static void assertNoObjectWrittenTwice(Deployment deployment, List<String> writtenKeys) {
        Map<String, Long> writes = writtenKeys.stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        List<String> recordedChunks = new ArrayList<>();
        for (Topic topic : deployment.repository.catalog().listTopics()) {
            deployment.repository.catalog().listChunks(topic.id()).forEach(c -> recordedChunks.add(c.objectKey()));
            assertThat(writes.get(topic.folder() + "/metadata.json")).as("writes of %s's metadata.json",
                    topic.locator()).isEqualTo(2);
        }
        Map<String, Long> chunkWrites = writes.entrySet().stream().filter(w -> w.getKey().contains("/data/"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(chunkWrites.keySet()).as("chunk objects written").containsExactlyInAnyOrderElementsOf(recordedChunks);
        assertThat(chunkWrites).as("chunk objects written more than once").allSatisfy((key, count) ->
                assertThat(count).as(key).isEqualTo(1));
        for (Sequence sequence : deployment.repository.catalog().listSequences()) {
            assertThat(writes.get(sequence.folder() + "/metadata.json")).as("writes of %s's metadata.json",
                    sequence.locator()).isEqualTo(1);
        }
        assertThat(writtenKeys).as("objects written").hasSize(recordedChunks.size()
                + 2 * deployment.repository.catalog().listTopics().size()
                + deployment.repository.catalog().listSequences().size());
    }
}
