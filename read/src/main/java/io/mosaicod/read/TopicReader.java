package io.mosaicod.read;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.batch.BatchAppender;
import io.mosaicod.read.merge.RunSource;
import io.mosaicod.read.merge.SortedRun;
import io.mosaicod.read.merge.TimestampColumn;
import io.mosaicod.read.merge.TimeOrderedMerge;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a topic's rows in {@code timestamp_ns} order (ascending, nulls last, ties in input order), optionally
 * only those in a half-open range {@code [start, end)}: whatever state the topic is in — fragmented and
 * overlapping, or optimized. The chunk list is taken from the repository when the read starts, so a read
 * that started before the optimizer switched the topic's folder goes on reading the old folder's files
 * (which the cleanup keeps for at least its retention).
 */
public final class TopicReader {
    /** Chunks read ahead of the merge: enough for a few reads in flight without holding much memory. */
    public static final long READ_AHEAD_BYTES = 32L << 20;
    private static final int READ_AHEAD_THREADS = 4;
    /**
     * Threads that decode some columns of a large chunk's batch while the decode-ahead thread decodes the others:
     * the other cores (the read's sending and the client's work keep the first one busy too).
     */
    private static final int COLUMN_DECODE_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);

    private final Catalog catalog;
    private final ObjectStore store;
    private final BufferAllocator allocator;

    public TopicReader(Catalog catalog, ObjectStore store, BufferAllocator allocator) {
        this.catalog = catalog;
        this.store = store;
        this.allocator = allocator;
    }

    /** A time range; null bounds mean unbounded, and with no bound at all, rows with null timestamps are included. */
    public record Range(Long startNs, Long endNs) {
        public static final Range ALL = new Range(null, null);

        boolean isAll() {
            return startNs == null && endNs == null;
        }

        long start() {
            return startNs == null ? Long.MIN_VALUE : startNs;
        }

        long end() {
            return endNs == null ? Long.MAX_VALUE : endNs;
        }
    }

    /**
     * Streams the rows to {@code sink} in batches of at most {@code batchRows} rows; returns how many rows.
     * Chunks whose statistics put them outside the range are not opened.
     */
    public long read(Topic topic, Schema schema, Range range, int batchRows, TimeOrderedMerge.BatchSink sink)
            throws IOException {
        List<Chunk> chunks = range.isAll() ? catalog.listChunks(topic.id())
                : catalog.listChunks(topic.id(), range.start(), range.end());
        List<ChunkPrefetcher.Expected> openingOrder = inOpeningOrder(chunks);
        // large chunks are read ahead into the file cache whole: only for a whole read, not for a range of them
        ExecutorService decoder = BackgroundThreads.fixedPool("decode-ahead", 1);
        ExecutorService columnDecoders = BackgroundThreads.fixedPool("column-decode", COLUMN_DECODE_THREADS);
        Decoders decoders = new Decoders(decoder, columnDecoders);
        try (ChunkPrefetcher prefetcher = new ChunkPrefetcher(store, allocator, openingOrder, READ_AHEAD_BYTES,
                READ_AHEAD_THREADS);
             FileCacheReadAhead largeChunks = new FileCacheReadAhead(store, range.isAll() ? openingOrder.stream()
                     .filter(chunk -> !prefetcher.fetchesAhead(chunk)).toList() : List.of(), READ_AHEAD_BYTES)) {
            List<RunSource> sources = new ArrayList<>(chunks.size());
            for (Chunk chunk : chunks) {
                sources.add(new RunSource(chunk.ordinal(), minTimestampNs(chunk), () -> {
                    largeChunks.reached(chunk.objectKey());
                    return open(prefetcher, decoders, chunk, range, batchRows);
                }));
            }
            RangeFilter filter = new RangeFilter(range, sink);
            TimeOrderedMerge.merge(schema, sources, allocator, batchRows, range.isAll() ? sink : filter);
            return range.isAll() ? countAll(chunks) : filter.rows;
        } finally {
            decoder.shutdown(); // the merge closed every run, and a run waits for its batch being decoded
            columnDecoders.shutdown(); // and a batch waits for the columns its helpers took
        }
    }

    private static List<ChunkPrefetcher.Expected> inOpeningOrder(List<Chunk> chunks) {
        return chunks.stream()
                .sorted(RunSource.openingOrder(TopicReader::minTimestampNs, Chunk::ordinal))
                .map(chunk -> new ChunkPrefetcher.Expected(chunk.objectKey(), chunk.sizeBytes()))
                .toList();
    }

    private static Long minTimestampNs(Chunk chunk) {
        return chunk.minTimestampNs().isPresent() ? chunk.minTimestampNs().getAsLong() : null;
    }

    /** The threads of one read: one decoding large chunks a batch ahead, and those helping it by column. */
    private record Decoders(Executor ahead, Executor columns) {
    }

    private SortedRun open(ChunkPrefetcher prefetcher, Decoders decoders, Chunk chunk, Range range, int batchRows)
            throws IOException {
        // a chunk of one batch is awaited as soon as it is opened: nothing to decode ahead of
        boolean ahead = chunk.sorted() && chunk.rowCount() > batchRows;
        ChunkReadOptions options = ChunkReadOptions.all().withBatchRows(batchRows);
        if (!range.isAll()) {
            options = options.withTimeRange(range.start(), range.end()); // skips row groups outside the range
        }
        if (ahead) { // small chunks are decoded several at once already, by the merge and the read-ahead
            options = options.withDecodeHelpers(decoders.columns(), COLUMN_DECODE_THREADS);
        }
        SortedRun run = StoredChunkRun.open(prefetcher.open(chunk.objectKey()), chunk.sizeBytes(), allocator, options);
        if (!chunk.sorted()) {
            return SortedInMemoryRun.of(run, allocator);
        }
        return ahead ? DecodeAheadRun.start(run, decoders.ahead(), allocator) : run;
    }

    private static long countAll(List<Chunk> chunks) {
        return chunks.stream().mapToLong(Chunk::rowCount).sum();
    }

    /**
     * Passes on only the rows in the range: in time-ordered output they form one contiguous stretch. A batch only
     * partly in the range goes out as a copy of that part, never as a slice: the sink may take the buffers of what
     * it gets, and a slice's are shared with a batch the merge refills.
     */
    private final class RangeFilter implements TimeOrderedMerge.BatchSink {
        private final Range range;
        private final TimeOrderedMerge.BatchSink sink;
        long rows;

        RangeFilter(Range range, TimeOrderedMerge.BatchSink sink) {
            this.range = range;
            this.sink = sink;
        }

        @Override
        public void accept(VectorSchemaRoot batch) throws IOException {
            TimestampColumn ts = new TimestampColumn(batch);
            int n = batch.getRowCount();
            if (n > 0 && inRange(ts, 0) && inRange(ts, n - 1)) { // sorted: every row between is in range too
                rows += n;
                sink.accept(batch);
                return;
            }
            int from = 0;
            while (from < n && (ts.isNull(from) || ts.get(from) < range.start())) {
                from++;
            }
            int to = from;
            while (to < n && inRange(ts, to)) {
                to++;
            }
            if (to == from) {
                return;
            }
            rows += to - from;
            try (VectorSchemaRoot part = BatchAppender.copyOf(batch, from, to - from, allocator)) {
                sink.accept(part);
            }
        }

        private boolean inRange(TimestampColumn ts, int row) {
            return !ts.isNull(row) && ts.get(row) >= range.start() && ts.get(row) < range.end();
        }
    }
}
