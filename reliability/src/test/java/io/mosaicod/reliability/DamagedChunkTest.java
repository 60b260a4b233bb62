package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.tasks.optimizer.PassSummary;
import io.mosaicod.tasks.optimizer.TopicResult;
import io.mosaicod.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 4, damaged input: a chunk corrupted, truncated, emptied or deleted behind the system's back. The
 * optimizer must fail that topic alone, naming the object, publish nothing for it and leave its chunks and
 * folder as they were; other topics of the pass are optimized. Once the chunk is restored, the next pass
 * optimizes the topic exactly once with every original row. A flipped byte anywhere in a chunk must either
 * fail the topic or, if it changed nothing that is read, yield the original rows: never different data.
 */
abstract class DamagedChunkTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path dir;
    Deployment deployment;
    InProcessOptimizer optimizer;

    abstract Backend backend(Path dir) throws Exception;

    @BeforeEach
    void setUp() throws Exception {
        deployment = new Deployment(backend(dir));
        optimizer = new InProcessOptimizer(deployment.repository, deployment.store, deployment.allocator,
                InProcessOptimizer.settings(Duration.ofSeconds(30), dir.resolve("spill")));
    }

    @AfterEach
    void tearDown() throws Exception {
        optimizer.close();
        deployment.close();
    }

    /** What happens to one chunk's bytes. */
    enum Damage {
        TRUNCATED_TO_HALF {
            @Override
            byte[] apply(byte[] chunk, byte[] otherTopicsChunk) {
                return Arrays.copyOf(chunk, chunk.length / 2);
            }
        },
        LAST_BYTES_CUT {
            @Override
            byte[] apply(byte[] chunk, byte[] otherTopicsChunk) {
                return Arrays.copyOf(chunk, chunk.length - 3);
            }
        },
        FOOTER_LENGTH_CORRUPTED {
            @Override
            byte[] apply(byte[] chunk, byte[] otherTopicsChunk) {
                byte[] damaged = chunk.clone();
                ByteBuffer.wrap(damaged).order(ByteOrder.LITTLE_ENDIAN).putInt(chunk.length - 8, chunk.length * 2);
                return damaged;
            }
        },
        EMPTIED {
            @Override
            byte[] apply(byte[] chunk, byte[] otherTopicsChunk) {
                return new byte[0];
            }
        },
        REPLACED_BY_ANOTHER_TOPICS_CHUNK {
            @Override
            byte[] apply(byte[] chunk, byte[] otherTopicsChunk) {
                return otherTopicsChunk;
            }
        },
        DELETED {
            @Override
            byte[] apply(byte[] chunk, byte[] otherTopicsChunk) {
                return null;
            }
        };

        /** The damaged bytes, or null for a deleted object. */
        abstract byte[] apply(byte[] chunk, byte[] otherTopicsChunk);
    }

    @Test
    void aDamagedOrVanishedChunkFailsOnlyItsTopicNamingTheObjectAndTheTopicIsOptimizedOnceRepaired()
            throws Exception {
        Random random = new Random(Campaign.seed(SEED, "damaged chunks (" + deployment.backend + ")"));
        Topic intact = deployment.ingestRandom(random, "damage/intact");
        Topic donor = deployment.ingest("damage/donor", "default", TopicFixture.nearlyOrdered(3, 250, 0.2, 99));
        byte[] donorChunk = deployment.store.get(
                deployment.repository.catalog().listChunks(donor.id()).get(1).objectKey());
        Map<Damage, Damaged> damaged = new TreeMap<>();
        for (Damage damage : Damage.values()) {
            Topic topic = deployment.ingest("damage/" + damage.name().toLowerCase(Locale.ROOT),
                    random.nextBoolean() ? "default" : "ragged", TopicFixture.nearlyOrdered(6, 300, 0.3, random.nextLong()));
            String key = deployment.repository.catalog().listChunks(topic.id()).get(2).objectKey();
            byte[] original = deployment.store.get(key);
            byte[] bytes = damage.apply(original, donorChunk);
            if (bytes == null) {
                deployment.store.delete(key);
            } else {
                deployment.store.put(key, bytes);
            }
            damaged.put(damage, new Damaged(topic, key, original, chunkKeys(topic)));
        }

        PassSummary first = optimizer.runPass();
        assertThat(outcomeOf(first, intact)).isEqualTo(RunOutcome.SUCCEEDED);
        assertThat(outcomeOf(first, donor)).isEqualTo(RunOutcome.SUCCEEDED);
        for (Map.Entry<Damage, Damaged> entry : damaged.entrySet()) {
            Damaged d = entry.getValue();
            TopicResult result = resultOf(first, d.topic());
            assertThat(result.outcome()).as("%s: %s", entry.getKey(), result).isEqualTo(RunOutcome.FAILED);
            assertThat(result.error()).as("%s: the error names the object", entry.getKey()).hasValueSatisfying(
                    error -> assertThat(error).contains(d.key()));
            Topic after = deployment.repository.catalog().findTopic(d.topic().id()).orElseThrow();
            assertThat(after.isOptimized()).isFalse();
            assertThat(after.folder()).isEqualTo(d.topic().folder());
            assertThat(chunkKeys(after)).isEqualTo(d.chunkKeys());
        }
        deployment.ledger.assertQueueDrained(); // failed topics are given back, not left leased

        for (Damaged d : damaged.values()) {
            deployment.store.put(d.key(), d.original());
        }
        PassSummary second = optimizer.runPass();
        assertThat(second.failures()).isEmpty();
        deployment.ledger.assertSettled();
    }

    @Test
    void aFlippedByteAnywhereInAChunkFailsTheTopicOrChangesNothingItReads() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "bit flips (" + deployment.backend + ")"));
        int flips = Campaign.size(12, 200);
        List<Damaged> flipped = new ArrayList<>();
        for (int i = 0; i < flips; i++) {
            Topic topic = deployment.ingest("flip/t" + i, random.nextBoolean() ? "default" : "ragged",
                    TopicFixture.nearlyOrdered(3, 200, 0.3, random.nextLong()));
            List<Chunk> chunks = deployment.repository.catalog().listChunks(topic.id());
            String key = chunks.get(random.nextInt(chunks.size())).objectKey();
            byte[] original = deployment.store.get(key);
            byte[] bytes = original.clone();
            bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
            deployment.store.put(key, bytes);
            flipped.add(new Damaged(topic, key, original, chunkKeys(topic)));
        }
        PassSummary first = optimizer.runPass();
        int failed = 0;
        for (Damaged d : flipped) {
            TopicResult result = resultOf(first, d.topic());
            if (result.outcome() == RunOutcome.FAILED) {
                failed++;
                assertThat(result.error()).as("%s", result).hasValueSatisfying(e -> assertThat(e).contains(d.key()));
                deployment.store.put(d.key(), d.original()); // repaired, for the second pass
            } else {
                // the flip hit nothing that is read (e.g. a statistic the reader does not use): rows must be intact
                assertThat(result.outcome()).as("%s", result).isIn(RunOutcome.SUCCEEDED, RunOutcome.ALREADY_OPTIMAL);
                deployment.ledger.assertIntact(deployment.ledger.original(d.topic().id()));
            }
        }
        assertThat(optimizer.runPass().failures()).isEmpty();
        deployment.ledger.assertSettled();
        Campaign.report("bit flips (" + deployment.backend + ")",
                "%d chunks with one flipped bit: %d topics failed naming the chunk, %d optimized with identical rows",
                flips, failed, flips - failed);
    }

    /**
     * A chunk rewritten with the same rows, same size, but one character of its schema metadata changed (what
     * a flipped bit in the footer's {@code ARROW:schema} does): the rewrite must refuse it, naming it, rather
     * than write one chunk's schema over all rows.
     */
    @Test
    void aChunkWhoseSchemaMetadataDiffersFailsItsTopicNamingIt() throws Exception {
        Topic topic = deployment.ingest("damage/schema", "default", TopicFixture.nearlyOrdered(4, 200, 0.3, 7));
        String key = deployment.repository.catalog().listChunks(topic.id()).get(0).objectKey();
        byte[] original = deployment.store.get(key);
        Map<String, String> metadata = new HashMap<>(TopicFixture.SCHEMA.getCustomMetadata());
        metadata.put("origin", "fixturE");
        Schema tampered = new Schema(TopicFixture.SCHEMA.getFields(), metadata);
        byte[] rewritten = rewriteWithSchema(original, tampered);
        assertThat(rewritten).hasSameSizeAs(original);
        deployment.store.put(key, rewritten);

        TopicResult result = resultOf(optimizer.runPass(), topic);
        assertThat(result.outcome()).isEqualTo(RunOutcome.FAILED);
        assertThat(result.error()).hasValueSatisfying(error -> assertThat(error).contains(key, "fixturE"));

        deployment.store.put(key, original);
        assertThat(optimizer.runPass().failures()).isEmpty();
        deployment.ledger.assertSettled();
    }

    private byte[] rewriteWithSchema(byte[] chunk, Schema schema) throws Exception {
        Path file = dir.resolve("tampered.parquet");
        Files.write(file, chunk);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RandomAccessSource source = new LocalObjectStore(dir).openSource("tampered.parquet");
             ChunkReader reader = ChunkReader.open(source, deployment.allocator, ChunkReadOptions.all());
             ChunkWriter writer = ChunkWriter.open(out, "tampered", schema, WriterProfile.forSerializationFormat("default"))) {
            while (reader.loadNextBatch()) {
                try (VectorSchemaRoot batch = new VectorSchemaRoot(schema, reader.root().getFieldVectors(),
                        reader.root().getRowCount())) {
                    writer.write(batch);
                }
            }
            writer.finish();
        }
        return out.toByteArray();
    }

    private record Damaged(Topic topic, String key, byte[] original, List<String> chunkKeys) {
    }

    private List<String> chunkKeys(Topic topic) {
        return deployment.repository.catalog().listChunks(topic.id()).stream().map(Chunk::objectKey).toList();
    }

    private static TopicResult resultOf(PassSummary summary, Topic topic) {
        return summary.topics().stream().filter(t -> t.topicLocator().equals(topic.locator())).findFirst()
                .orElseThrow(() -> new AssertionError("the pass did not reach " + topic.locator() + ": " + summary));
    }

    private static RunOutcome outcomeOf(PassSummary summary, Topic topic) {
        return resultOf(summary, topic).outcome();
    }
}
