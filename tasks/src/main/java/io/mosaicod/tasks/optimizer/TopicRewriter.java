package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.io.FileTrees;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.merge.TimeOrderedMerge;
import io.mosaicod.read.ChunkPrefetcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 3 of DESIGN.md §6.1: writes a topic's rows, merged into time order, as new chunks in the fresh
 * folder, with {@code metadata.json} copied byte for byte. Reads only the chunks the repository lists
 * (never a folder listing, so stray objects are not merged in) and never writes to the topic's folder.
 * Spill files live in a per-topic temporary directory that is removed however the rewrite ends.
 */
public final class TopicRewriter {
    private static final Logger LOG = LoggerFactory.getLogger(TopicRewriter.class);

    /** What the repository recorded of a chunk, for copying its row groups with their statistics. */
    @FunctionalInterface
    public interface RecordedChunks {
        ChunkSummary summaryOf(ChunkSpan chunk);
    }

    /**
     * The new chunks (committed to the store, not yet to the repository) and what they hold;
     * {@code unprefetchedReads} counts the input chunks read on the rewrite's own thread instead of ahead.
     */
    public record Result(List<NewChunk> chunks, RunVolume volume, long peakArrowBytes, long unprefetchedReads) {
        public Result {
            chunks = List.copyOf(chunks);
        }
    }

    private final ObjectStore store;
    private final BufferAllocator allocator;
    private final OptimizerSettings settings;
    private final RewriteTuning tuning;

    public TopicRewriter(ObjectStore store, BufferAllocator allocator, OptimizerSettings settings,
                         RewriteTuning tuning) {
        this.store = store;
        this.allocator = allocator;
        this.settings = settings;
        this.tuning = tuning;
    }

    /**
     * @param safePoint called between batches; throws to abandon the rewrite (lease lost, stop requested)
     * @param rowsWritten told the running count of rows written to new chunks
     */
    public Result rewrite(Topic topic, String freshFolder, RewritePlan.Rewrite plan, RecordedChunks recorded,
                          Runnable safePoint, LongConsumer rowsWritten) throws IOException {
        Folder target = folder(freshFolder);
        copyMetadata(folder(topic.folder()), target);
        List<ChunkSpan> readOrder = readOrder(plan);
        Files.createDirectories(settings.spillDirectory());
        Path spill = Files.createTempDirectory(settings.spillDirectory(), target.name() + "-");
        long pool = settings.memoryPoolBytes();
        long maxChunk = settings.maxChunkSizeBytes();
        try (BufferAllocator rewriteAllocator = allocator.newChildAllocator("rewrite " + topic.locator(), 0,
                Long.MAX_VALUE);
             RewriteBackground background = new RewriteBackground(store, rewriteAllocator, readOrder, copied(plan),
                     tuning, pool)) {
            ChunkPrefetcher prefetcher = background.prefetcher();
            Schema schema = schemaOf(readOrder.get(0), rewriteAllocator);
            int outputRows = outputBatchRows(readOrder, tuning.outputBatchBytes(maxChunk));
            try (ChunkOutput output = new ChunkOutput(store, target, schema,
                    WriterProfile.forSerializationFormat(topic.serializationFormat()), maxChunk,
                    tuning.rowGroupBytes(maxChunk, pool), safePoint, rowsWritten, background.columnEncoders(),
                    WriteBehindStream.buffers(tuning.writeBufferBytes(), tuning.writeBuffers()),
                    background.chunkCommits());
                 EncodeBehind encoded = new EncodeBehind(output, rewriteAllocator);
                 MergeInputs inputs = new MergeInputs(prefetcher, rewriteAllocator, schema, readOrder.get(0).objectKey(),
                        spill, tuning.readBatchBytes(pool), outputRows, safePoint)) {
                inputs.openAhead(mergeOrder(plan), tuning.openAheadBytes(pool), tuning.openAheadThreads());
                for (RewritePlan.Piece piece : plan.pieces()) {
                    if (piece instanceof RewritePlan.Copy copy) {
                        ChunkSummary summary = recorded.summaryOf(copy.chunk());
                        try (RandomAccessSource source = background.openCopy(copy.chunk())) {
                            encoded.drain();
                            output.append(copy.chunk(), source, summary);
                        }
                    } else if (piece instanceof RewritePlan.Merge merge) {
                        TimeOrderedMerge.Result merged = TimeOrderedMerge.merge(schema, inputs.sources(merge.runs()),
                                rewriteAllocator, outputRows, encoded);
                        LOG.debug("merged {} rows of {} with at most {} runs open", merged.rows(), topic.locator(),
                                merged.maxOpenRuns());
                    }
                }
                encoded.drain();
                List<NewChunk> written = output.finish();
                return new Result(written, volumeOf(written), rewriteAllocator.getPeakMemoryAllocation(),
                        prefetcher.misses());
            }
        } finally {
            deleteRecursively(spill);
        }
    }

    private void copyMetadata(Folder source, Folder target) throws IOException {
        if (store.exists(source.metadataKey())) {
            store.copy(source.metadataKey(), target.metadataKey());
        } else {
            LOG.warn("topic folder {} has no {}; the optimized folder will not have one either", source.name(),
                    source.metadataKey());
        }
    }

    /**
     * The schema the rewrite writes, from the first chunk it reads. The rewrite builds its batches from it, so a
     * schema Arrow cannot build vectors for (a damaged {@code ARROW:schema} that still decodes, e.g. a union
     * without members) is refused here, naming the chunk.
     */
    private Schema schemaOf(ChunkSpan chunk, BufferAllocator allocator) throws IOException {
        Schema schema;
        try (RandomAccessSource source = store.openSource(chunk.objectKey())) {
            schema = ChunkFooter.read(source).schema();
        }
        try (VectorSchemaRoot empty = VectorSchemaRoot.create(schema, allocator)) {
            return schema;
        } catch (RuntimeException e) {
            throw new IOException("chunk " + chunk.objectKey() + " has an Arrow schema no batch can be built from ("
                    + e.getMessage() + "): it is damaged", e);
        }
    }

    /** About {@code batchBytes} of decoded rows per output batch, judged by the topic's mean row. */
    private static int outputBatchRows(List<ChunkSpan> chunks, long batchBytes) {
        long bytes = 0;
        long rows = 0;
        for (ChunkSpan chunk : chunks) {
            bytes += chunk.arrowSizeBytes();
            rows += chunk.rowCount();
        }
        long rowBytes = Math.max(1, bytes / Math.max(1, rows));
        return (int) Math.max(1, Math.min(65_536, batchBytes / rowBytes));
    }

    /** Every chunk of the plan, in the order the rewrite reads them: piece after piece. */
    static List<ChunkSpan> readOrder(RewritePlan.Rewrite plan) {
        List<ChunkSpan> order = new ArrayList<>();
        for (RewritePlan.Piece piece : plan.pieces()) {
            if (piece instanceof RewritePlan.Copy copy) {
                order.add(copy.chunk());
            } else {
                MergeInputs.openingOrder(((RewritePlan.Merge) piece).runs()).forEach(run -> order.add(run.chunk()));
            }
        }
        return order;
    }

    /** The chunks the plan copies without decoding, in order. */
    private static List<ChunkSpan> copied(RewritePlan.Rewrite plan) {
        List<ChunkSpan> chunks = new ArrayList<>();
        for (RewritePlan.Piece piece : plan.pieces()) {
            if (piece instanceof RewritePlan.Copy copy) {
                chunks.add(copy.chunk());
            }
        }
        return chunks;
    }

    /** The chunk runs the plan's merges open, in that order. */
    private static List<RunPlan.ChunkRun> mergeOrder(RewritePlan.Rewrite plan) {
        List<RunPlan.ChunkRun> order = new ArrayList<>();
        for (RewritePlan.Piece piece : plan.pieces()) {
            if (piece instanceof RewritePlan.Merge merge) {
                order.addAll(MergeInputs.openingOrder(merge.runs()));
            }
        }
        return order;
    }

    private static RunVolume volumeOf(List<NewChunk> chunks) {
        long bytes = 0;
        long rows = 0;
        for (NewChunk chunk : chunks) {
            bytes += chunk.sizeBytes();
            rows += chunk.rowCount();
        }
        return new RunVolume(chunks.size(), bytes, rows);
    }

    private static Folder folder(String name) {
        return Folder.parse(name).orElseThrow(() -> new IllegalStateException("'" + name + "' is not a topic folder"));
    }

    private static void deleteRecursively(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            LOG.warn("could not remove the spill directory {}: {}", dir, e.getMessage());
        }
    }
}
