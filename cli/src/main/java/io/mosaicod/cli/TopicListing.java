package io.mosaicod.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.LeasedTopic;
import io.mosaicod.db.QueueOverview;
import io.mosaicod.db.Topic;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code topic ls}: one line per topic with its chunks, size, rows and state. */
final class TopicListing {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What {@code ls} shows of a topic. */
    record Entry(String locator, int chunks, long bytes, long rows, String state, String optimization) {
    }

    private TopicListing() {
    }

    static List<Entry> entries(Catalog catalog, QueueOverview queue) {
        Set<Long> leased = queue.leased().stream().map(LeasedTopic::topicId).collect(Collectors.toSet());
        Set<Long> givenUp = queue.givenUp().stream().map(FailingTopic::topicId).collect(Collectors.toSet());
        List<Entry> entries = new ArrayList<>();
        for (Topic topic : catalog.listTopics()) {
            List<Chunk> chunks = catalog.listChunks(topic.id());
            entries.add(new Entry(topic.locator(), chunks.size(), chunks.stream().mapToLong(Chunk::sizeBytes).sum(),
                    chunks.stream().mapToLong(Chunk::rowCount).sum(), uploadState(topic),
                    optimizationState(topic, leased.contains(topic.id()), givenUp.contains(topic.id()))));
        }
        return entries;
    }

    static String uploadState(Topic topic) {
        if (topic.locked()) {
            return "locked";
        }
        return topic.isUploadComplete() ? "complete" : "uploading";
    }

    /** {@code givenUp}: the optimizer stopped retrying it after the maximum failed attempts. */
    static String optimizationState(Topic topic, boolean leased, boolean givenUp) {
        if (topic.isOptimized()) {
            return "optimized";
        }
        if (leased) {
            return "optimizing";
        }
        return givenUp ? "given up" : "not optimized";
    }

    static void print(List<Entry> entries, boolean json, PrintWriter out) throws Exception {
        if (json) {
            out.println(JSON.writeValueAsString(entries.stream().map(TopicListing::asMap).toList()));
            return;
        }
        TextTable table = new TextTable("TOPIC", "CHUNKS", "SIZE", "ROWS", "UPLOAD", "OPTIMIZATION");
        for (Entry e : entries) {
            table.add(e.locator(), Integer.toString(e.chunks()), bytes(e.bytes()), Long.toString(e.rows()), e.state(),
                    e.optimization());
        }
        table.printTo(out);
    }

    private static Map<String, Object> asMap(Entry e) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("locator", e.locator());
        map.put("chunks", e.chunks());
        map.put("bytes", e.bytes());
        map.put("rows", e.rows());
        map.put("upload", e.state());
        map.put("optimization", e.optimization());
        return map;
    }

    /** {@code 812 B}, {@code 4.2 MB}, {@code 1.07 GB} (decimal units, as disks are sold). */
    static String bytes(long bytes) {
        if (bytes < 1000) {
            return bytes + " B";
        }
        String[] units = {"kB", "MB", "GB", "TB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1000 && unit < units.length - 1) {
            value /= 1000;
            unit++;
        }
        return String.format(Locale.ROOT, value < 10 ? "%.2f %s" : value < 100 ? "%.1f %s" : "%.0f %s", value,
                units[unit]);
    }
}
