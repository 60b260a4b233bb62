package io.mosaicod.cli;

import io.mosaicod.core.CountText;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.OptimizationRun;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicState;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** {@code topic show}: a topic's folder, state, chunks and optimization history. */
final class TopicReport {
    private final Topic topic;
    private final List<Chunk> chunks;
    private final List<OptimizationRun> runs;
    private final boolean leased;
    private final Failures failures;

    /**
     * The topic's failed optimization attempts that count ({@code failing}, if any) and the maximum after which the
     * optimizer gives up.
     */
    record Failures(Optional<FailingTopic> failing, int maxAttempts) {
        boolean givenUp() {
            return failing.filter(f -> f.hasGivenUp(maxAttempts)).isPresent();
        }

        int count() {
            return failing.map(FailingTopic::failedAttempts).orElse(0);
        }
    }

    TopicReport(Topic topic, List<Chunk> chunks, List<OptimizationRun> runs, boolean leased, Failures failures) {
        this.topic = topic;
        this.chunks = chunks;
        this.runs = runs;
        this.leased = leased;
        this.failures = failures;
    }

    void print(boolean json, PrintWriter out) throws Exception {
        if (json) {
            out.println(TopicListing.JSON.writeValueAsString(asMap()));
            return;
        }
        out.println("topic         " + topic.locator());
        out.println("uuid          " + topic.uuid());
        out.println("folder        " + topic.folder());
        out.println("format        " + topic.serializationFormat() + topic.ontologyTag().map(t -> ", ontology tag " + t).orElse(""));
        out.println("created       " + TimeText.absolute(topic.createdAt()));
        out.println("upload        " + TopicState.upload(topic).label()
                + topic.uploadCompletedAt().map(t -> " (completed " + TimeText.absolute(t) + ")").orElse(""));
        out.println("time range    " + range(topic.firstTimestampNs(), topic.lastTimestampNs()));
        out.println("optimization  " + optimizationText());
        failures.failing().flatMap(f -> f.lastFailure().error()).ifPresent(error -> out.println("last error    " + error));
        long bytes = chunks.stream().mapToLong(Chunk::sizeBytes).sum();
        long rows = chunks.stream().mapToLong(Chunk::rowCount).sum();
        out.println("chunks        " + chunks.size() + ", " + TopicListing.bytes(bytes) + ", " + CountText.of(rows, "row"));
        out.println();
        TextTable table = new TextTable("#", "OBJECT", "SIZE", "ROWS", "MIN TIMESTAMP_NS", "MAX TIMESTAMP_NS", "SORTED");
        for (Chunk c : chunks) {
            table.add(Integer.toString(c.ordinal()), c.objectKey(), TopicListing.bytes(c.sizeBytes()),
                    Long.toString(c.rowCount()), text(c.minTimestampNs()), text(c.maxTimestampNs()),
                    c.sorted() ? "yes" : "no");
        }
        table.printTo(out);
        if (!runs.isEmpty()) {
            out.println();
            TextTable history = new TextTable("STARTED", "INSTANCE", "OUTCOME", "IN", "OUT", "ERROR");
            for (OptimizationRun run : runs) {
                history.add(TimeText.absolute(run.startedAt()), Long.toString(run.instanceId()),
                        run.outcome().name().toLowerCase(java.util.Locale.ROOT), volume(run.in()), volume(run.out()),
                        run.error().orElse(""));
            }
            history.printTo(out);
        }
    }

    private Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("locator", topic.locator());
        map.put("uuid", topic.uuid().toString());
        map.put("folder", topic.folder());
        map.put("serialization_format", topic.serializationFormat());
        map.put("ontology_tag", topic.ontologyTag().orElse(null));
        map.put("created_at", topic.createdAt().toString());
        map.put("upload", TopicState.upload(topic).label());
        map.put("upload_completed_at", instant(topic.uploadCompletedAt()));
        map.put("locked", topic.locked());
        map.put("first_timestamp_ns", boxed(topic.firstTimestampNs()));
        map.put("last_timestamp_ns", boxed(topic.lastTimestampNs()));
        map.put("optimization", TopicState.optimization(topic, leased, failures.givenUp()).label());
        map.put("optimized_at", instant(topic.optimizedAt()));
        map.put("failed_attempts", failures.count());
        map.put("max_attempts", failures.maxAttempts());
        map.put("given_up", failures.givenUp() ? GivenUp.asMap(failures.failing().orElseThrow()) : null);
        List<Object> chunkList = new ArrayList<>();
        for (Chunk c : chunks) {
            Map<String, Object> chunk = new LinkedHashMap<>();
            chunk.put("ordinal", c.ordinal());
            chunk.put("object_key", c.objectKey());
            chunk.put("size_bytes", c.sizeBytes());
            chunk.put("arrow_size_bytes", c.arrowSizeBytes());
            chunk.put("rows", c.rowCount());
            chunk.put("min_timestamp_ns", boxed(c.minTimestampNs()));
            chunk.put("max_timestamp_ns", boxed(c.maxTimestampNs()));
            chunk.put("sorted", c.sorted());
            chunkList.add(chunk);
        }
        map.put("chunks", chunkList);
        List<Object> history = new ArrayList<>();
        for (OptimizationRun run : runs) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("started_at", run.startedAt().toString());
            entry.put("ended_at", run.endedAt().toString());
            entry.put("instance", run.instanceId());
            entry.put("outcome", run.outcome().name());
            entry.put("error", run.error().orElse(null));
            entry.put("in", run.in());
            entry.put("out", run.out());
            history.add(entry);
        }
        map.put("optimization_runs", history);
        return map;
    }

    private String optimizationText() {
        if (failures.givenUp() && !leased) {
            return GivenUp.state(failures.failing().orElseThrow());
        }
        String state = TopicState.optimization(topic, leased, false).label()
                + topic.optimizedAt().map(t -> " (" + TimeText.absolute(t) + ")").orElse("");
        if (failures.count() == 0 || topic.isOptimized()) {
            return state;
        }
        return state + " (" + failures.count() + " of " + failures.maxAttempts() + " attempts failed;"
                + " the next pass retries it)";
    }

    private static String range(OptionalLong first, OptionalLong last) {
        return first.isPresent() ? first.getAsLong() + " .. " + last.getAsLong() + " ns" : "none";
    }

    private static String text(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "-";
    }

    private static Long boxed(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }

    private static String instant(Optional<Instant> value) {
        return value.map(Instant::toString).orElse(null);
    }

    private static String volume(RunVolume v) {
        return CountText.of(v.chunks(), "chunk") + ", " + TopicListing.bytes(v.bytes()) + ", " + CountText.of(v.rows(), "row");
    }
}
