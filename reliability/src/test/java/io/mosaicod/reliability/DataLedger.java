package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.QueueOverview;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RunOutcome;
import io.mosaicod.db.Topic;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every topic held when it was ingested, and the campaign's invariants over it. A topic's content is
 * the SHA-256 of its rows in the order the optimizer must produce them: {@code timestamp_ns} ascending, nulls
 * last, ties in input order (chunk, then row) — a stable sort of the rows as ingested. So one digest proves,
 * for an optimized topic read chunk by chunk, that no row was lost, added or changed <em>and</em> that the
 * topic is globally sorted; for a topic not yet optimized, the same digest of its rows sorted stably.
 */
final class DataLedger {
    /** What a topic held right after ingestion. */
    record Original(long topicId, String locator, String userMetadataJson, String serializationFormat,
                    String metadataJson, long rows, String sortedDigest) {
    }

    private final Repository repository;
    private final ObjectStore store;
    private final TopicFixture fixture;
    private final Map<Long, Original> originals = new ConcurrentHashMap<>();

    DataLedger(Repository repository, ObjectStore store, TopicFixture fixture) {
        this.repository = repository;
        this.store = store;
        this.fixture = fixture;
    }

    /** Records a topic as it is now; call it right after ingestion, before any optimizer may touch it. */
    Original record(Topic topic) throws IOException {
        List<String> rows = fixture.rows(topic);
        Original original = new Original(topic.id(), topic.locator(), topic.userMetadataJson(),
                topic.serializationFormat(), metadataJson(topic), rows.size(), digest(stableSortByTime(rows)));
        originals.put(topic.id(), original);
        return original;
    }

    /** Records a topic whose original rows the caller knows (it sent them, e.g. through the server). */
    void expect(Original original) {
        originals.put(original.topicId(), original);
    }

    Collection<Original> originals() {
        return originals.values();
    }

    Original original(long topicId) {
        return originals.get(topicId);
    }

    int size() {
        return originals.size();
    }

    /**
     * Nothing lost, at any instant: every recorded topic's current chunks are all readable, whole (the size
     * the repository records), inside the topic's current folder, and hold exactly the original rows (globally
     * sorted if the topic is optimized); schema, metadata.json and user metadata are as ingested.
     */
    void assertNothingLost() throws IOException {
        for (Original original : originals.values()) {
            assertIntact(original);
        }
    }

    void assertIntact(Original original) throws IOException {
        Topic topic = repository.catalog().findTopic(original.topicId()).orElseThrow(
                () -> new AssertionError("topic " + original.locator() + " vanished from the repository"));
        String what = topic.locator() + " (folder " + topic.folder() + ", optimized " + topic.isOptimized() + ")";
        assertThat(topic.userMetadataJson()).as("user metadata of %s", what).isEqualTo(original.userMetadataJson());
        assertThat(topic.serializationFormat()).as(what).isEqualTo(original.serializationFormat());
        assertThat(metadataJson(topic)).as("metadata.json of %s", what).isEqualTo(original.metadataJson());
        for (Chunk chunk : repository.catalog().listChunks(topic.id())) {
            assertThat(chunk.objectKey()).as("chunk of %s", what).startsWith(topic.folder() + "/");
            assertThat(store.head(chunk.objectKey()).size()).as("size of %s", chunk.objectKey())
                    .isEqualTo(chunk.sizeBytes());
        }
        List<String> rows = fixture.rows(topic);
        assertThat(rows).as("row count of %s", what).hasSize((int) original.rows());
        String digest = digest(topic.isOptimized() ? rows : stableSortByTime(rows));
        assertThat(digest).as("rows of %s (as read%s) against the original rows sorted stably by time", what,
                topic.isOptimized() ? ", chunk after chunk" : ", then sorted").isEqualTo(original.sortedDigest());
        assertThat(fixture.schemas(topic)).as("Arrow schema of every chunk of %s", what)
                .allSatisfy(schema -> assertThat(schema).isEqualTo(TopicFixture.SCHEMA));
    }

    /**
     * The end state after the faults stopped and a normal run completed: nothing lost, every topic optimized
     * by exactly one successful run, nothing queued or leased.
     */
    void assertSettled() throws IOException {
        assertNothingLost();
        for (Original original : originals.values()) {
            Topic topic = repository.catalog().findTopic(original.topicId()).orElseThrow();
            assertThat(topic.isOptimized()).as("%s optimized", topic.locator()).isTrue();
            List<OptimizationRun> runs = repository.optimizationQueue().runsOf(topic.id());
            assertThat(runs.stream().filter(DataLedger::published).count())
                    .as("successful runs of %s: %s", topic.locator(), runs).isEqualTo(1);
        }
        assertQueueDrained();
    }

    /** No topic is queued or leased, in particular none stuck leased past its expiry. */
    void assertQueueDrained() {
        QueueOverview queue = repository.optimizationQueue().overview(Duration.ofDays(1));
        assertThat(queue.leased()).as("leases left at database time %s", queue.now()).isEmpty();
        assertThat(queue.waiting()).as("topics still queued").isZero();
    }

    static boolean published(OptimizationRun run) {
        return run.outcome() == RunOutcome.SUCCEEDED || run.outcome() == RunOutcome.ALREADY_OPTIMAL;
    }

    private String metadataJson(Topic topic) throws IOException {
        return new String(store.get(topic.folder() + "/metadata.json"), StandardCharsets.UTF_8);
    }

    /** Rows by timestamp, nulls last, equal timestamps in their given order (List.sort is stable). */
    static List<String> stableSortByTime(List<String> rows) {
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(TopicFixture::timestampOf, Comparator.nullsLast(Comparator.naturalOrder())));
        return sorted;
    }

    static String digest(List<String> rows) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String row : rows) {
                sha.update(row.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) '\n');
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
