package io.mosaicod.tasks.optimizer;

import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.read.merge.RunSource;
import io.mosaicod.read.merge.SortedRun;
import io.mosaicod.read.merge.SpillFile;
import io.mosaicod.read.merge.TimeOrderedMerge;
import io.mosaicod.read.ChunkPrefetcher;
import io.mosaicod.read.SortedInMemoryRun;
import io.mosaicod.read.StoredChunkRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns a rewrite plan's runs into the merge's inputs: chunks are opened lazily through the codec (sorted
 * in memory first if they are not in time order); spilled runs are produced first, each by a merge of its
 * parts into a file in the topic's spill directory, then read back by the next pass.
 */
final class MergeInputs implements AutoCloseable {
    private final ChunkPrefetcher chunks;
    private final BufferAllocator allocator;
    private final Schema schema;
    private final String schemaChunkKey;
    private final Path spillDirectory;
    private final long readBatchBytes;
    private final int outputBatchRows;
    private final Runnable safePoint;
    private int spilled;
    private RunsAhead ahead;

    /** {@code schema} is the one the rewrite writes, read from chunk {@code schemaChunkKey}. */
    MergeInputs(ChunkPrefetcher chunks, BufferAllocator allocator, Schema schema, String schemaChunkKey,
                Path spillDirectory, long readBatchBytes, int outputBatchRows, Runnable safePoint) {
        this.chunks = chunks;
        this.allocator = allocator;
        this.schema = schema;
        this.schemaChunkKey = schemaChunkKey;
        this.spillDirectory = spillDirectory;
        this.readBatchBytes = readBatchBytes;
        this.outputBatchRows = outputBatchRows;
        this.safePoint = safePoint;
    }

    List<RunSource> sources(List<RunPlan> runs) throws IOException {
        List<RunSource> sources = new ArrayList<>(runs.size());
        for (RunPlan run : runs) {
            if (run instanceof RunPlan.ChunkRun chunk) {
                sources.add(new RunSource(chunk.firstOrdinal(), chunk.minTimestampNs(), () -> open(chunk)));
            } else if (run instanceof RunPlan.SpillRun spill) {
                Path file = materialize(spill);
                sources.add(new RunSource(spill.firstOrdinal(), spill.minTimestampNs(),
                        () -> SpillFile.open(file, allocator)));
            }
        }
        return sources;
    }

    /**
     * The chunk runs of {@code runs} in the order {@link #sources} and the merge open them: the parts of each
     * spilled run first (that is when they are merged), then the chunks read directly, in the merge's opening
     * order.
     */
    static List<RunPlan.ChunkRun> openingOrder(List<RunPlan> runs) {
        List<RunPlan.ChunkRun> order = new ArrayList<>();
        List<RunPlan.ChunkRun> direct = new ArrayList<>();
        for (RunPlan run : runs) {
            if (run instanceof RunPlan.SpillRun spill) {
                order.addAll(openingOrder(spill.parts()));
            } else {
                direct.add((RunPlan.ChunkRun) run);
            }
        }
        direct.sort(RunSource.openingOrder(RunPlan::minTimestampNs, RunPlan::firstOrdinal));
        order.addAll(direct);
        return order;
    }

    /** Opens runs ahead of the merge, in {@code order} (every merge piece's {@link #openingOrder}). */
    void openAhead(List<RunPlan.ChunkRun> order, long aheadBytes, int threads) {
        if (ahead != null) {
            throw new IllegalStateException("runs are already opened ahead");
        }
        ahead = new RunsAhead(this::openNow, order, aheadBytes, threads);
    }

    /** Stops opening runs ahead and frees those never used. */
    @Override
    public void close() {
        if (ahead != null) {
            ahead.close();
        }
    }

    private SortedRun open(RunPlan.ChunkRun run) throws IOException {
        safePoint.run();
        return ahead == null ? openNow(run) : ahead.take(run);
    }

    private SortedRun openNow(RunPlan.ChunkRun run) throws IOException {
        ChunkSpan chunk = run.chunk();
        if (!run.needsSorting()) {
            return read(chunk, rowsPerBatch(chunk));
        }
        return SortedInMemoryRun.of(read(chunk, (int) Math.min(Integer.MAX_VALUE, Math.max(1, chunk.rowCount()))),
                allocator);
    }

    private StoredChunkRun read(ChunkSpan chunk, int batchRows) throws IOException {
        return withTopicSchema(StoredChunkRun.open(chunks.open(chunk.objectKey()), chunk.sizeBytes(), allocator,
                readOptions(batchRows)).expectingRows(chunk.rowCount()), chunk);
    }

    /**
     * The rewrite writes the schema of the first chunk it reads, metadata included, for all rows: a chunk whose
     * schema differs in anything (e.g. its footer was damaged) is refused by name rather than silently
     * relabelled.
     */
    private StoredChunkRun withTopicSchema(StoredChunkRun run, ChunkSpan chunk) throws IOException {
        if (!run.schema().equals(schema)) {
            run.close();
            throw new IOException("chunk " + chunk.objectKey() + " has Arrow schema " + run.schema()
                    + " with metadata " + run.schema().getCustomMetadata() + ", unlike the first chunk read, "
                    + schemaChunkKey + ": " + schema + " with metadata " + schema.getCustomMetadata());
        }
        return run;
    }

    private Path materialize(RunPlan.SpillRun spill) throws IOException {
        List<RunSource> parts = sources(spill.parts());
        Path file = spillDirectory.resolve("run-" + (spilled++) + ".arrows");
        try (SpillFile.Writer writer = new SpillFile.Writer(file, schema)) {
            TimeOrderedMerge.merge(schema, parts, allocator, outputBatchRows, batch -> {
                safePoint.run();
                writer.accept(batch);
            });
        }
        return file;
    }

    private int rowsPerBatch(ChunkSpan chunk) {
        long rowBytes = Math.max(1, chunk.arrowSizeBytes() / Math.max(1, chunk.rowCount()));
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, readBatchBytes / rowBytes));
    }

    private static ChunkReadOptions readOptions(int batchRows) {
        return ChunkReadOptions.all().withBatchRows(batchRows);
    }
}
