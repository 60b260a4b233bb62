package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture.ChunkShape;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code mosaicod server} killed with {@code kill -9} in the middle of an upload: the repository never
 * holds a chunk row without its object and the topic's upload stays incomplete; once its sequence is deleted,
 * a restarted server takes the same topic again and reads it back exactly as sent.
 */
abstract class ServerKillTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path dir;

    abstract Backend backend(Path dir) throws Exception;

    @Test
    void aServerKilledMidUploadLeavesEveryChunkRowWithItsObjectAndTheTopicCanBeUploadedAgain() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "server killed mid-upload"));
        List<ChunkShape> chunks = Deployment.randomShape(random);
        int storedBeforeKill = 1 + random.nextInt(chunks.size() - 1);
        try (Deployment deployment = new Deployment(backend(dir))) {
            Topic killed;
            try (ServerSession server = new ServerSession(deployment)) {
                killed = server.ingestAndKillServer("doomed", "default", chunks, storedBeforeKill).topic();
            }

            Topic topic = deployment.repository.catalog().findTopic(killed.id()).orElseThrow();
            assertThat(topic.isUploadComplete()).isFalse();
            List<Chunk> stored = deployment.repository.catalog().listChunks(topic.id());
            assertThat(stored).hasSizeGreaterThanOrEqualTo(storedBeforeKill);
            for (Chunk chunk : stored) {
                assertThat(deployment.store.head(chunk.objectKey()).size()).as("size of %s", chunk.objectKey())
                        .isEqualTo(chunk.sizeBytes());
            }

            try (ServerSession restarted = new ServerSession(deployment)) {
                restarted.deleteSequence("doomed");
                Topic again = restarted.ingest("doomed", "default", chunks);
                assertThat(again.locator()).isEqualTo(killed.locator());
                assertThat(restarted.read(again.locator())).hasSize(
                        chunks.stream().mapToInt(chunk -> chunk.timestamps().size()).sum());
            }
            deployment.ledger.assertNothingLost();
        }
    }
}
