package io.mosaicod.tasks.cleanup;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.JdbcTestRepository;
import io.mosaicod.db.Repository;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.tasks.StopSignal;
import io.mosaicod.testkit.S3Server;
import io.mosaicod.testkit.SqliteDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a cleanup costs in S3 requests, counted by the S3 server itself (s3proxy): the orphan sweep lists the top
 * level with one request per page of 1,000 folders and reads nothing inside a folder; a pass between sweeps with
 * nothing due sends no request at all.
 */
@Timeout(120)
class CleanupS3RequestsTest {
    /** Three pages of the store's listing at S3's 1,000 keys a page. */
    private static final int FOLDERS = 2_001;

    private S3Server s3;
    private String bucket;
    private ObjectStore store;
    private JdbcTestRepository testRepository;
    private ScheduledExecutorService scheduler;

    @BeforeEach
    void start() throws IOException {
        s3 = S3Server.recordingWrites();
        bucket = s3.newBucket();
        store = ObjectStores.open(s3.storeConfig(bucket, "fleet"));
        testRepository = new JdbcTestRepository(SqliteDatabase.create());
        scheduler = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterEach
    void stop() throws IOException {
        scheduler.shutdownNow();
        testRepository.close();
        store.close();
        s3.close();
    }

    @Test
    void theSweepListsOncePerThousandFoldersAndAPassWithNothingDueSendsNoRequest() throws Exception {
        // folders of older versions, marked or not: nothing in this repository references them
        ExecutorService writers = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> writes = IntStream.range(0, FOLDERS).mapToObj(i -> writers.submit(() -> {
                Folder folder = Folder.newTopic();
                store.put(i % 2 == 0 ? folder.toDeleteMarkerKey() : folder.metadataKey(),
                        "{}".getBytes(StandardCharsets.UTF_8));
                return null;
            })).collect(Collectors.toList());
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            writers.shutdownNow();
        }
        CleanupSettings settings = CleanupSettings.withRetention(Duration.ofHours(1)).confirmingEmptyRepository();
        Map<String, Integer> beforeSweep = s3.reads(bucket);

        CleanupResult sweep = pass(settings);
        Map<String, Integer> sweepReads = minus(s3.reads(bucket), beforeSweep);
        int writesBefore = s3.writtenKeys(bucket).size();
        CleanupResult steady = pass(settings);

        assertThat(sweep).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, FOLDERS, 0, 0, List.of()));
        assertThat(sweepReads).as("one listing request per page of 1,000 folders, no GET or HEAD of a folder")
                .isEqualTo(Map.of("list", 3));
        assertThat(steady).isEqualTo(new CleanupResult(CleanupState.SUCCEEDED, 0, 0, 0, List.of()));
        assertThat(minus(s3.reads(bucket), beforeSweep)).as("the steady pass read nothing").isEqualTo(sweepReads);
        assertThat(s3.writtenKeys(bucket)).as("nor wrote anything").hasSize(writesBefore);
    }

    private CleanupResult pass(CleanupSettings settings) {
        Repository repository = testRepository.repository();
        long instance = repository.instances().register(InstanceKind.CLEANUP, "test-host", 1, true);
        return new CleanupRoutine(repository, store, settings, instance, new StopSignal(), scheduler).runPass()
                .orElseThrow();
    }

    private static Map<String, Integer> minus(Map<String, Integer> after, Map<String, Integer> before) {
        return after.entrySet().stream().filter(e -> e.getValue() > before.getOrDefault(e.getKey(), 0))
                .collect(Collectors.toMap(Map.Entry::getKey,
                        e -> e.getValue() - before.getOrDefault(e.getKey(), 0)));
    }
}
