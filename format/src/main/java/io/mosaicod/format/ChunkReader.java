package io.mosaicod.format;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Reads a chunk as Arrow batches in the chunk's exact Arrow schema (projected to the requested columns),
 * column by column ({@link ColumnAssembler}), skipping row groups outside the requested time range. The
 * reader owns one {@link VectorSchemaRoot} that each {@link #loadNextBatch()} refills; copy what you keep.
 */
public final class ChunkReader implements AutoCloseable {

    private final String chunkName;
    private final ChunkFooter footer;
    private final ChunkReadOptions options;
    private final ParquetFileReader reader;
    private final Schema schema;
    private final MessageType requested;
    private final GroupConverter converter;
    private final String createdBy;
    private final List<ColumnAssembler> assemblers = new ArrayList<>();
    private final ColumnGroups columnGroups;
    private final VectorSchemaRoot root;
    private final BufferAllocator allocator;
    private final BatchVectors batchVectors;
    /** Row groups whose direct chunks need more bytes read go through parquet-java's reader, which reads in parts. */
    private static final long MAX_DIRECT_READ_BYTES = 1L << 30;

    private final RandomAccessSource source;
    private PageReadStore pages;
    private byte[] rowGroupBytes;
    private int nextRowGroup;
    private long rowsLeftInGroup;
    private boolean allocated;

    private ChunkReader(RandomAccessSource source, ChunkFooter footer, BufferAllocator allocator,
                        ChunkReadOptions options) throws IOException {
        this.chunkName = source.name();
        this.source = source;
        this.footer = footer;
        this.options = options;
        ColumnSelection selection = ColumnSelection.of(footer.schema(),
                footer.parquetMetadata().getFileMetaData().getSchema(), options.columns(), chunkName);
        this.schema = selection.arrow;
        this.requested = selection.parquet;
        try {
            List<LeafColumn> leaves = ColumnLayout.leaves(schema, requested, chunkName);
            SharedAncestors ancestors = new SharedAncestors(leaves); // a batch reads the columns in this order
            for (LeafColumn leaf : leaves) {
                assemblers.add(new ColumnAssembler(leaf, ancestors));
            }
            this.columnGroups = new ColumnGroups(assemblers, options.decodeHelpers(), options.decodeHelperCount());
        } catch (IllegalArgumentException e) {
            throw new ChunkFormatException(chunkName, e.getMessage(), e);
        }
        this.converter = new DummyRecordConverter(requested).getRootConverter();
        this.createdBy = footer.parquetMetadata().getFileMetaData().getCreatedBy();
        SourceInputFile file = new SourceInputFile(source);
        this.reader = new ParquetFileReader(file, footer.parquetMetadata(), ChunkFooter.readOptions(), file.newStream());
        reader.setRequestedSchema(requested);
        this.root = VectorSchemaRoot.create(schema, allocator);
        this.allocator = allocator;
        this.batchVectors = new BatchVectors(root.getFieldVectors());
    }

    /** Opens the chunk {@code source} holds; the caller closes the source after the reader. */
    public static ChunkReader open(RandomAccessSource source, BufferAllocator allocator, ChunkReadOptions options)
            throws IOException {
        return open(source, ChunkFooter.read(source), allocator, options);
    }

    /** Opens a chunk whose footer was already read (by a planner), without reading it again. */
    public static ChunkReader open(RandomAccessSource source, ChunkFooter footer, BufferAllocator allocator,
                                   ChunkReadOptions options) throws IOException {
        try {
            return new ChunkReader(source, footer, allocator, options);
        } catch (IOException | RuntimeException e) {
            throw ChunkFailures.translate(source.name(), "opening", e);
        }
    }

    /** The Arrow schema of the batches (projected, with the chunk's schema metadata). */
    public Schema schema() {
        return schema;
    }

    public ChunkFooter footer() {
        return footer;
    }

    /**
     * The batch that {@link #loadNextBatch()} fills. Its buffers may be taken over (transferred) between loads:
     * the next load then allocates new ones.
     */
    public VectorSchemaRoot root() {
        return root;
    }

    /** Loads the next batch into {@link #root()}; false at the end of the chunk. */
    public boolean loadNextBatch() throws IOException {
        try {
            while (rowsLeftInGroup == 0) {
                if (!startNextRowGroup()) {
                    root.setRowCount(0);
                    return false;
                }
            }
            int limit = (int) Math.min(options.batchRows(), rowsLeftInGroup);
            clearBatch(limit);
            int rows = assemblers.isEmpty() ? limit : -1;
            for (int read : columnGroups.readRows(root, limit)) {
                if (rows >= 0 && read != rows || read == 0) {
                    throw new ChunkFormatException(chunkName, "columns disagree on the number of rows in row group "
                            + (nextRowGroup - 1) + " (" + read + " vs " + rows + ")");
                }
                rows = read;
            }
            root.setRowCount(rows);
            batchVectors.remember();
            rowsLeftInGroup -= rows;
            return true;
        } catch (IOException | RuntimeException | Error e) {
            throw ChunkFailures.translate(chunkName, "decoding row group " + (nextRowGroup - 1), e);
        }
    }

    private boolean startNextRowGroup() throws IOException {
        List<ChunkFooter.RowGroup> groups = footer.rowGroups();
        while (nextRowGroup < groups.size()) {
            int index = nextRowGroup++;
            ChunkFooter.RowGroup group = groups.get(index);
            if (options.startNs() != null && !group.mayOverlap(options.startNs(), options.endNs())) {
                reader.skipNextRowGroup();
                continue;
            }
            BlockMetaData block = footer.parquetMetadata().getBlocks().get(index);
            List<ColumnAssembler> direct = new ArrayList<>();
            List<ColumnAssembler> shredded = new ArrayList<>();
            for (ColumnAssembler a : assemblers) {
                (a.decodesDirectly(block) ? direct : shredded).add(a);
            }
            ColumnChunkRanges ranges = ranges(direct, block);
            if (ranges.bytes() > MAX_DIRECT_READ_BYTES) {
                shredded.addAll(direct);
                direct.clear();
                ranges = ranges(direct, block);
            }
            releaseRowGroup();
            startShredded(shredded, block, index);
            startDirect(direct, block, ranges);
            columnGroups.startRowGroup(block);
            rowsLeftInGroup = block.getRowCount();
            return true;
        }
        return false;
    }

    /** Reads the chunks parquet-java decodes (nested, dictionary-encoded or foreign columns). */
    private void startShredded(List<ColumnAssembler> shredded, BlockMetaData block, int index) throws IOException {
        if (shredded.isEmpty()) {
            reader.skipNextRowGroup();
            return;
        }
        List<ColumnDescriptor> columns = new ArrayList<>();
        for (ColumnAssembler a : shredded) {
            columns.add(a.descriptor());
        }
        reader.setRequestedSchema(columns);
        pages = reader.readNextRowGroup();
        if (pages == null) {
            throw new ChunkFormatException(chunkName, "ends before row group " + index);
        }
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, converter, requested, createdBy);
        for (ColumnAssembler a : shredded) {
            a.startShredded(store, block);
        }
    }

    /** Reads the bytes of the directly decoded chunks, adjacent ones in one request. */
    private void startDirect(List<ColumnAssembler> direct, BlockMetaData block, ColumnChunkRanges ranges)
            throws IOException {
        if (direct.isEmpty()) {
            return;
        }
        if (ranges.first() < 0 || ranges.end() > source.size()) {
            throw new ChunkFormatException(chunkName, "column chunks at [" + ranges.first() + ", " + ranges.end()
                    + ") lie outside the file");
        }
        rowGroupBytes = SlabPool.shared().acquire((int) ranges.bytes());
        try {
            ranges.readInto(source, rowGroupBytes);
        } catch (IOException e) {
            throw new SourceInputFile.SourceReadException(e); // the object store failed, not the format
        }
        for (ColumnAssembler a : direct) {
            ColumnChunkMetaData chunk = a.chunkOf(block);
            a.startDirect(rowGroupBytes, ranges.bufferOffset(chunk.getStartingPos()), (int) chunk.getTotalSize(),
                    chunk);
        }
    }

    /** Where the chunks of these columns lie in the file, as the ranges to read. */
    private ColumnChunkRanges ranges(List<ColumnAssembler> columns, BlockMetaData block) {
        long[] starts = new long[columns.size()];
        long[] ends = new long[columns.size()];
        for (int i = 0; i < starts.length; i++) {
            ColumnChunkMetaData chunk = columns.get(i).chunkOf(block);
            starts[i] = chunk.getStartingPos();
            ends[i] = chunk.getStartingPos() + chunk.getTotalSize();
        }
        return ColumnChunkRanges.of(starts, ends, source.joinGapBytes());
    }

    /** Hands the finished row group's buffers back for reuse; its rows are all in Arrow vectors by now. */
    private void releaseRowGroup() {
        if (pages != null) {
            pages.close();
            pages = null;
        }
        if (rowGroupBytes != null) {
            SlabPool.shared().release(rowGroupBytes);
            rowGroupBytes = null;
        }
    }

    /**
     * Empties the batch for {@code rows} more rows. The first batch's columns are allocated for that many rows
     * at once; later ones keep or get again the capacity they last had, their data unzeroed ({@link BatchVectors}),
     * rather than growing again by doubling, which copies and zeroes at every step.
     */
    private void clearBatch(int rows) {
        if (allocated) {
            batchVectors.clear(allocator);
            return;
        }
        for (FieldVector v : root.getFieldVectors()) {
            v.setInitialCapacity(rows);
            v.allocateNew();
        }
        allocated = true;
    }

    @Override
    public void close() throws IOException {
        try {
            root.close();
            releaseRowGroup();
            for (ColumnAssembler a : assemblers) {
                a.release();
            }
        } finally {
            reader.close();
        }
    }
}
