package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Topic;
import io.mosaicod.testkit.TestSeed;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario 5, the Flight side beyond the server's own conformance suites (which check that each refused
 * request leaves the repository and store as they were): an upload the client abandons midway leaves a
 * topic whose upload never completed, holding the whole chunks stored before. The store optimizer must never
 * take it, and the cleanup (retention 0) must keep its folder: its chunks stay readable, exactly as sent.
 */
class InterruptedUploadTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path dir;

    @Test
    void anAbandonedUploadIsNeverOptimizedAndTheCleanupKeepsItsChunks() throws Exception {
        Random random = new Random(Campaign.seed(SEED, "abandoned upload"));
        try (Deployment deployment = new Deployment(Backend.embedded(dir.resolve("data")));
             ServerSession server = new ServerSession(deployment)) {
            server.ingest("whole", "default", Deployment.randomShape(random));
            ServerSession.Upload abandoned = server.ingestAndCancel("abandoned", "ragged",
                    Deployment.randomShape(random), 2);

            deployment.optimizeNormally();
            deployment.cleanUpNow();

            Topic topic = deployment.repository.catalog().findTopic(abandoned.topic().id()).orElseThrow();
            assertThat(topic.isUploadComplete()).isFalse();
            assertThat(topic.isOptimized()).isFalse();
            assertThat(topic.folder()).isEqualTo(abandoned.topic().folder());
            assertThat(deployment.repository.optimizationQueue().runsOf(topic.id())).isEmpty();
            assertThat(DataLedger.digest(DataLedger.stableSortByTime(deployment.fixture.rows(topic))))
                    .as("the abandoned topic's stored rows").isEqualTo(
                            DataLedger.digest(DataLedger.stableSortByTime(abandoned.rows())));
            deployment.ledger.assertSettled();
            deployment.assertOnlyCurrentTopicFoldersRemain();
        }
    }
}
