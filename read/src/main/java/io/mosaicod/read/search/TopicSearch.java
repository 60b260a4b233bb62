package io.mosaicod.read.search;

import io.mosaicod.core.search.QueryEngineLimits;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.Topic;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.cluster.Cluster;
import io.mosaicod.read.cluster.MatchTimes;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Ontology conditions judged on topics' data: chunks that their statistics rule out are not read; the others
 * are read a batch at a time, only the columns the conditions name (and the time, when times are asked for),
 * at most {@link QueryEngineLimits#maxConcurrentChunkQueries()} chunks at once over every search, in Arrow
 * memory from one allocator (whose limit is the query engine's memory pool).
 */
public final class TopicSearch implements AutoCloseable {
    /**
     * Candidates judged at a time: their chunk rows and statistics are held meanwhile, so that a search of every
     * topic of a tag holds those of this many, however many the catalog has.
     */
    static final int CANDIDATES_AT_ONCE = 500;

    private final Catalog catalog;
    private final ObjectStore store;
    private final BufferAllocator allocator;
    private final QueryEngineLimits limits;
    private final ExecutorService chunkQueries;

    public TopicSearch(Catalog catalog, ObjectStore store, BufferAllocator allocator, QueryEngineLimits limits) {
        this.catalog = catalog;
        this.store = store;
        this.allocator = allocator;
        this.limits = limits;
        this.chunkQueries = BackgroundThreads.fixedPool("mosaicod-chunk-query", limits.maxConcurrentChunkQueries());
    }

    /** A topic to judge, with the conditions of its ontology tag. */
    public record Candidate(long topicId, List<OntologyCondition> conditions) {
    }

    /** Whether some row of the topic satisfies every one of {@code conditions}. */
    public boolean anyRowMatches(long topicId, List<OntologyCondition> conditions) throws IOException {
        return matching(List.of(new Candidate(topicId, conditions))).get(0);
    }

    /**
     * Which candidates (by position) have a row satisfying all their conditions. Their chunks are judged in
     * parallel, candidates in order; a candidate's other chunks are dropped as soon as one of its rows matches.
     */
    public BitSet matching(List<Candidate> candidates) throws IOException {
        return judge(candidates, false).matching();
    }

    /**
     * The same, and with {@code spans}, the span of each candidate's matching rows' times: then every chunk that
     * could widen a span is read, the earliest-starting and latest-ending first, and those the span found so far
     * covers are dropped. Candidates are judged {@link #CANDIDATES_AT_ONCE} at a time, in order.
     */
    public TopicMatches judge(List<Candidate> candidates, boolean spans) throws IOException {
        BitSet matching = new BitSet();
        List<Optional<Cluster>> found = new ArrayList<>(spans ? candidates.size() : 0);
        for (int from = 0; from < candidates.size(); from += CANDIDATES_AT_ONCE) {
            List<Candidate> window = candidates.subList(from, Math.min(candidates.size(), from + CANDIDATES_AT_ONCE));
            TopicMatches judged = new MatchingTopics(this, window, spans)
                    .judge(chunkQueries, limits.maxConcurrentChunkQueries());
            int offset = from;
            judged.matching().stream().forEach(c -> matching.set(offset + c));
            found.addAll(judged.spans());
        }
        return new TopicMatches(matching, found);
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
        List<Chunk> chunks = survivors(catalog.listChunks(topic.id(), startNs, endNs),
                catalog.columnStats(List.of(topic.id()), leafPaths(List.of(conditions))), conditions);
        chunks.sort(Comparator.comparingLong(c -> c.minTimestampNs().orElse(Long.MIN_VALUE)));
        return new MatchWalk(topic.locator(), chunks, conditions, startNs, endNs, matches);
    }

    /**
     * Of each candidate's chunks, those that the statistics of its conditions' columns do not rule out, by
     * candidate position: two lookups in the repository for all of them, whatever their number.
     */
    List<List<Chunk>> survivors(List<Candidate> candidates) {
        List<Long> topicIds = candidates.stream().map(Candidate::topicId).toList();
        Map<Long, List<Chunk>> chunks = catalog.listChunks(topicIds);
        Map<Long, List<ColumnStats>> stats = catalog.columnStats(topicIds,
                leafPaths(candidates.stream().map(Candidate::conditions).toList()));
        List<List<Chunk>> survivors = new ArrayList<>();
        for (Candidate c : candidates) {
            survivors.add(survivors(chunks.get(c.topicId()), stats, c.conditions()));
        }
        return survivors;
    }

    private static List<Chunk> survivors(List<Chunk> chunks, Map<Long, List<ColumnStats>> statsByChunk,
                                         List<OntologyCondition> conditions) {
        List<Chunk> survivors = new ArrayList<>();
        for (Chunk chunk : chunks) {
            Map<String, ColumnStats> byPath = new HashMap<>();
            statsByChunk.getOrDefault(chunk.id(), List.of()).forEach(s -> byPath.put(s.columnPath(), s));
            if (ChunkPruning.mayMatch(conditions, byPath)) {
                survivors.add(chunk);
            }
        }
        return survivors;
    }

    /** The statistics' column paths of the leaves the conditions name (struct fields joined by dots). */
    private static Set<String> leafPaths(List<List<OntologyCondition>> conditionLists) {
        Set<String> paths = new LinkedHashSet<>();
        for (List<OntologyCondition> conditions : conditionLists) {
            conditions.forEach(condition -> paths.add(String.join(".", condition.path().fields())));
        }
        return paths;
    }

    ChunkScan scan(Chunk chunk, List<OntologyCondition> conditions) throws IOException {
        return ChunkScan.open(store, chunk.objectKey(), conditions, allocator, limits.maxPlainListEqValues());
    }

    /** Stops the chunk query threads; searches still running fail. */
    @Override
    public void close() {
        chunkQueries.shutdownNow();
    }

    /**
     * A walk over a topic's chunks in time order, feeding the matching rows' times to a {@link MatchTimes}; the
     * next chunks are read ahead, as many at once as chunk queries may run. Closing a walk left before its end
     * (an intersection that ran out of another topic's clusters) drops the reads ahead that have not started.
     */
    public final class MatchWalk implements AutoCloseable {
        private final String locator;
        private final List<Chunk> chunks;
        private final List<OntologyCondition> conditions;
        private final long startNs;
        private final long endNs;
        private final MatchTimes matches;
        private final ArrayDeque<Future<ChunkMatches>> ahead = new ArrayDeque<>();
        private int next;
        private boolean finished;

        private MatchWalk(String locator, List<Chunk> chunks, List<OntologyCondition> conditions, long startNs,
                          long endNs, MatchTimes matches) {
            this.locator = locator;
            this.chunks = chunks;
            this.conditions = conditions;
            this.startNs = startNs;
            this.endNs = endNs;
            this.matches = matches;
        }

        /** Hands the next chunk's matches on; after the last, finishes the matches. Whether there was a chunk left. */
        public boolean next() throws IOException {
            while (ahead.size() < limits.maxConcurrentChunkQueries() && next < chunks.size()) {
                Chunk chunk = chunks.get(next++);
                ahead.add(chunkQueries.submit(() -> read(chunk)));
            }
            Future<ChunkMatches> first = ahead.poll();
            if (first == null) {
                if (!finished) {
                    finished = true;
                    matches.finish();
                }
                return false;
            }
            ChunkMatches found = BackgroundThreads.await(first, "searching a chunk of " + locator);
            matches.addChunk(found.chunkStartNs, found.times, found.count);
            return true;
        }

        @Override
        public void close() {
            for (Future<ChunkMatches> read; (read = ahead.poll()) != null; ) {
                read.cancel(false);
            }
        }

        /** The chunk's matching times in range, sorted. */
        private ChunkMatches read(Chunk chunk) throws IOException {
            long[] times = new long[1024];
            int found = 0;
            try (ChunkScan scan = scan(chunk, conditions)) {
                while (scan.nextBatch()) {
                    VectorSchemaRoot batch = scan.batch();
                    long[] rows = scan.matcher().matches(batch);
                    BigIntVector time = (BigIntVector) batch.getVector(ChunkScan.TIME_COLUMN);
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
            return new ChunkMatches(chunk.minTimestampNs().orElse(Long.MIN_VALUE), times, found);
        }
    }

    private record ChunkMatches(long chunkStartNs, long[] times, int count) {
    }
}
