package io.mosaicod.read.search;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.read.cluster.MatchTimes;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Ontology conditions judged on a topic's data: chunks that their statistics rule out are not read; the others
 * are read a batch at a time, only the columns the conditions name (and the time, when times are asked for).
 */
public final class TopicSearch {
    static final String TIME_COLUMN = "timestamp_ns";

    private final Catalog catalog;
    private final ObjectStore store;
    private final BufferAllocator allocator;

    public TopicSearch(Catalog catalog, ObjectStore store, BufferAllocator allocator) {
        this.catalog = catalog;
        this.store = store;
        this.allocator = allocator;
    }

    /** Whether some row of the topic satisfies every one of {@code conditions}; stops at the first. */
    public boolean anyRowMatches(long topicId, List<OntologyCondition> conditions) throws IOException {
        Binding binding = new Binding(conditions);
        for (Chunk chunk : catalog.listChunks(topicId)) {
            if (!ChunkPruning.mayMatch(conditions, statistics(chunk))) {
                continue;
            }
            try (RandomAccessSource source = store.openSource(chunk.objectKey());
                 ChunkReader reader = binding.open(source)) {
                while (reader.loadNextBatch()) {
                    if (binding.matcher.firstMatch(reader.root()) >= 0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The times of the rows of {@code topic} in {@code [startNs, endNs)} that satisfy every condition, chunk by
     * chunk in time order, into {@code matches} (which puts overlapping chunks' matches in order); finishes it.
     *
     * @throws MissingTimestampException when a matching row has no time
     */
    public void matchTimes(Topic topic, List<OntologyCondition> conditions, long startNs, long endNs,
                           MatchTimes matches) throws IOException {
        MatchWalk walk = walk(topic, conditions, startNs, endNs, matches);
        while (walk.next()) {
            // each step hands one chunk's matches on
        }
    }

    /** The same, one chunk per {@link MatchWalk#next()}, for callers that pull (an intersection's topics). */
    public MatchWalk walk(Topic topic, List<OntologyCondition> conditions, long startNs, long endNs,
                          MatchTimes matches) {
        List<Chunk> chunks = new ArrayList<>(catalog.listChunks(topic.id(), startNs, endNs));
        chunks.sort(Comparator.comparingLong(c -> c.minTimestampNs().orElse(Long.MIN_VALUE)));
        return new MatchWalk(topic.locator(), chunks, new Binding(conditions), startNs, endNs, matches);
    }

    /** A walk over a topic's chunks in time order, feeding the matching rows' times to a {@link MatchTimes}. */
    public final class MatchWalk {
        private final String locator;
        private final List<Chunk> chunks;
        private final Binding binding;
        private final long startNs;
        private final long endNs;
        private final MatchTimes matches;
        private int next;
        private long[] times = new long[1024];

        private MatchWalk(String locator, List<Chunk> chunks, Binding binding, long startNs, long endNs,
                          MatchTimes matches) {
            this.locator = locator;
            this.chunks = chunks;
            this.binding = binding;
            this.startNs = startNs;
            this.endNs = endNs;
            this.matches = matches;
        }

        /**
         * Judges the next chunk (skipping those its statistics rule out) and hands its matches on; after the
         * last, finishes the matches. Returns whether there was a chunk left.
         */
        public boolean next() throws IOException {
            while (next < chunks.size()) {
                Chunk chunk = chunks.get(next++);
                if (ChunkPruning.mayMatch(binding.conditions, statistics(chunk))) {
                    matches.addChunk(chunk.minTimestampNs().orElse(Long.MIN_VALUE), times, read(chunk));
                    return true;
                }
            }
            if (next == chunks.size()) {
                next++;
                matches.finish();
            }
            return false;
        }

        /** The chunk's matching times in range, sorted, in {@code times}; their count. */
        private int read(Chunk chunk) throws IOException {
            int found = 0;
            try (RandomAccessSource source = store.openSource(chunk.objectKey());
                 ChunkReader reader = binding.open(source)) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot batch = reader.root();
                    long[] rows = binding.matcher.matches(batch);
                    BigIntVector time = (BigIntVector) batch.getVector(TIME_COLUMN);
                    long timeAddress = time.getDataBufferAddress();
                    for (int w = 0; w < (batch.getRowCount() + 63) >>> 6; w++) {
                        for (long bits = rows[w]; bits != 0; bits &= bits - 1) {
                            int row = (w << 6) + Long.numberOfTrailingZeros(bits);
                            if (time.isNull(row)) {
                                throw new MissingTimestampException(locator, chunk.objectKey());
                            }
                            long t = MemoryUtil.getLong(timeAddress + 8L * row);
                            if (t >= startNs && t < endNs) {
                                if (found == times.length) {
                                    times = Arrays.copyOf(times, 2 * found);
                                }
                                times[found++] = t;
                            }
                        }
                    }
                }
            }
            if (!chunk.sorted()) {
                Arrays.sort(times, 0, found);
            }
            return found;
        }
    }

    private Map<String, ColumnStats> statistics(Chunk chunk) {
        Map<String, ColumnStats> byPath = new HashMap<>();
        for (ColumnStats s : catalog.columnStats(chunk.id())) {
            byPath.put(s.columnPath(), s);
        }
        return byPath;
    }

    /** The conditions bound to the topic's schema, once, from its first chunk read. */
    private final class Binding {
        private final List<OntologyCondition> conditions;
        private Schema schema;
        private OntologyMatcher matcher;

        Binding(List<OntologyCondition> conditions) {
            this.conditions = conditions;
        }

        /**
         * A reader of the chunk's time and of the columns the conditions name that it has (the time column also
         * gives batches their rows when every condition names a column the chunk lacks).
         */
        ChunkReader open(RandomAccessSource source) throws IOException {
            ChunkFooter footer = ChunkFooter.read(source);
            Set<String> columns = new LinkedHashSet<>();
            columns.add(TIME_COLUMN);
            for (OntologyCondition c : conditions) {
                columns.add(c.path().fields().get(0));
            }
            List<String> present = new ArrayList<>();
            footer.schema().getFields().forEach(f -> {
                if (columns.contains(f.getName())) {
                    present.add(f.getName());
                }
            });
            ChunkReader reader = ChunkReader.open(source, footer, allocator, ChunkReadOptions.all().withColumns(present));
            if (!reader.schema().equals(schema)) {
                schema = reader.schema();
                matcher = OntologyMatcher.bind(schema, conditions);
            }
            return reader;
        }
    }
}
