package io.mosaicod.format;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.PageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Writes Arrow batches of one schema as one Parquet chunk, column by column, with no row objects. Flat
 * columns without a dictionary (the ragged and image profiles) are encoded straight from their Arrow buffers
 * into PLAIN pages ({@link PlainColumnEncoder}); nested and dictionary-encoded columns go through
 * parquet-java's column writers, fed values and levels walked from the vectors ({@link ColumnShredder}).
 * All pages of a row group are buffered per column ({@link BufferedColumnChunk}) and the row group is
 * written when its buffered size reaches the row-group size. The Arrow schema, with all its metadata, is
 * stored as {@code ARROW:schema}. {@link #finish()} writes the footer and reports the chunk's
 * {@link ChunkSummary}; {@link #close()} without {@code finish()} abandons the chunk. The writer never closes
 * the caller's stream.
 */
public final class ChunkWriter implements AutoCloseable {

    /** Default row-group size: a chunk of up to this many encoded bytes is one row group. */
    public static final long DEFAULT_ROW_GROUP_BYTES = 128L << 20;
    /**
     * The ZSTD level of the pages a rewrite writes. Robot data compresses little beyond what level 1 finds, and a
     * rewrite compresses everything again, so a higher level costs more time than it saves bytes
     * (docs/benchmarks.md, *Nested data*); level 5, the profiles', pays for itself at ingestion, where chunks are
     * written once and small.
     */
    public static final int REWRITE_ZSTD_LEVEL = 1;
    /** Rows are handed to the column writers in slices of about this many Arrow bytes, so pages stay small. */
    private static final long SLICE_BYTES = 256 << 10;
    /**
     * Slices of a writer that encodes columns concurrently: each slice is a task per column, so they are larger
     * (a rewrite's output batches, of at most 1 MiB, then go out in one slice).
     */
    private static final long CONCURRENT_SLICE_BYTES = 4L << 20;

    private final String chunkName;
    private final Schema schema;
    private final ParquetProperties properties;
    private final long rowGroupBytes;
    private final StreamOutputFile output;
    private final ParquetFileWriter fileWriter;
    /** Every leaf column's pages, in schema order. */
    private final List<BufferedColumnChunk> chunks = new ArrayList<>();
    private final List<BufferedColumnChunk> shreddedChunks = new ArrayList<>();
    private final List<ColumnShredder> shredders = new ArrayList<>();
    private final List<DirectColumnEncoder> encoders = new ArrayList<>();
    /** The direct encoders the calling thread runs: all of them, or, with {@link #lanes}, the first. */
    private final List<DirectColumnEncoder> ownEncoders;
    /** Each leaf's statistics source and path, in schema order. */
    private final List<Map.Entry<String, LeafCodec>> statistics = new ArrayList<>();
    /** The top-level fields whose columns go through parquet-java's writers, or null if none do. */
    private final MessageType shreddedSchema;
    /** The direct encoders the column-encoding threads run, or null to encode every column on the caller's. */
    private final ColumnLanes lanes;
    private final PageWriteStore pageStore;
    private final int timestampIndex;
    private final TimestampTracker timestamps = new TimestampTracker();

    /** Statistics of row groups copied in without decoding, by path. */
    private final Map<String, ColumnStatistics> copiedStatistics = new HashMap<>();
    private final MessageType parquetSchema;
    private ColumnWriteStore columnStore;
    private long rowsInGroup;
    private long rowCount;
    private long arrowBytes;
    private boolean finished;

    /**
     * @param plainColumns top-level columns to write PLAIN even if the profile uses dictionaries (only flat ones
     *                     are: a nested column goes through parquet-java's writers either way)
     */
    private ChunkWriter(OutputStream out, String chunkName, Schema schema, WriterProfile profile, long rowGroupBytes,
                        Executor columnWork, int zstdLevel, Set<String> plainColumns)
            throws IOException {
        this.chunkName = chunkName;
        this.schema = schema;
        this.rowGroupBytes = rowGroupBytes;
        MessageType parquetSchema = ParquetSchemaMapping.toParquet(schema);
        this.parquetSchema = parquetSchema;
        this.timestampIndex = timestampIndex(schema);
        this.properties = profile.properties(timestampIndex >= 0);
        List<LeafColumn> leaves;
        try {
            leaves = ColumnLayout.leaves(schema, parquetSchema, chunkName);
        } catch (ChunkFormatException e) {
            throw new IllegalStateException("derived Parquet schema does not match its Arrow schema", e);
        }
        ChunkCompression compression = new ChunkCompression(zstdLevel);
        Map<List<String>, BufferedColumnChunk> chunkByPath = new HashMap<>();
        List<List<String>> shreddedPaths = new ArrayList<>();
        for (LeafColumn leaf : leaves) {
            ColumnDescriptor descriptor = leaf.descriptor();
            BufferedColumnChunk chunk = new BufferedColumnChunk(descriptor,
                    profile.codecFor(descriptor.getPath()[0]), compression);
            chunks.add(chunk);
            chunkByPath.put(List.of(descriptor.getPath()), chunk);
            boolean parquetStatistics = properties.getStatisticsEnabled(descriptor);
            boolean dictionary = profile.usesDictionary() && !plainColumns.contains(descriptor.getPath()[0]);
            PlainLayout layout = dictionary ? null : PlainLayout.of(leaf);
            if (layout != null && parquetStatistics && layout.conversion() != PlainLayout.Conversion.NONE) {
                layout = null; // Parquet's statistics are of the stored values, which only parquet-java's writer sees
            }
            LeafCodec codec = LeafCodec.create(leaf.field(), leaf.type(), leaf.fieldPath());
            if (layout != null && leaf.nodes().length == 1) {
                encoders.add(new PlainColumnEncoder(leaf, layout, chunk, codec, parquetStatistics,
                        properties.getPageSizeThreshold(), properties.getPageRowCountLimit()));
            } else if (layout != null && !parquetStatistics) {
                encoders.add(new NestedColumnEncoder(leaf, layout, chunk, codec, properties.getPageSizeThreshold(),
                        properties.getPageRowCountLimit()));
            } else {
                shredders.add(new ColumnShredder(leaf, codec));
                shreddedChunks.add(chunk);
                shreddedPaths.add(List.of(descriptor.getPath()));
            }
            statistics.add(Map.entry(leaf.statisticsPath(), codec));
        }
        this.shreddedSchema = shreddedPaths.isEmpty() ? null
                : new MessageType(parquetSchema.getName(), ParquetSchemaShapes.keepOnly(parquetSchema, shreddedPaths));
        this.pageStore = descriptor -> chunkByPath.get(List.of(descriptor.getPath()));
        // the caller keeps one column, so that it has work of its own while the lanes encode the others
        this.lanes = columnWork == null || encoders.size() < 2 ? null
                : new ColumnLanes(encoders.subList(1, encoders.size()), columnWork);
        this.ownEncoders = lanes == null ? encoders : encoders.subList(0, 1);
        this.output = new StreamOutputFile(out, chunkName);
        this.fileWriter = new ParquetFileWriter(output, parquetSchema, ParquetFileWriter.Mode.CREATE, rowGroupBytes,
                0, null, properties);
        fileWriter.start();
    }

    /** Opens a chunk with the default row-group size; throws {@link UnsupportedColumnTypeException} early. */
    public static ChunkWriter open(OutputStream out, String chunkName, Schema schema, WriterProfile profile)
            throws IOException {
        return open(out, chunkName, schema, profile, DEFAULT_ROW_GROUP_BYTES);
    }

    public static ChunkWriter open(OutputStream out, String chunkName, Schema schema, WriterProfile profile,
                                   long rowGroupBytes) throws IOException {
        return open(out, chunkName, schema, profile, rowGroupBytes, null, WriterProfile.ZSTD_LEVEL);
    }

    /**
     * A chunk a rewrite writes: its columns are encoded concurrently on {@code columnWork} (and the calling
     * thread) — a chunk's leaf columns are encoded independently of each other, each in a lane of its own
     * ({@link ColumnLanes}) — and ZSTD pages are compressed at {@link #REWRITE_ZSTD_LEVEL}. Such a writer reads
     * a batch after {@link #write} returns: until the next {@code write}, {@link #finish} or {@link #close}
     * returns.
     */
    public static ChunkWriter openForRewrite(OutputStream out, String chunkName, Schema schema, WriterProfile profile,
                                             long rowGroupBytes, Executor columnWork) throws IOException {
        return open(out, chunkName, schema, profile, rowGroupBytes, columnWork, REWRITE_ZSTD_LEVEL);
    }

    /**
     * A chunk of {@code schema} holding the one batch {@code batch} (an upload's), which the caller writes next, its
     * schema's fields being {@code schema}'s (the metadata may differ): in a dictionary profile, a
     * flat column that a dictionary would not shrink ({@link DictionaryFit}) is written PLAIN at once, as
     * parquet-java would write it after trying the dictionary.
     */
    public static ChunkWriter openForBatch(OutputStream out, String chunkName, Schema schema, VectorSchemaRoot batch,
                                           WriterProfile profile) throws IOException {
        Set<String> plain = new HashSet<>();
        if (profile.usesDictionary()) {
            ParquetProperties properties = profile.properties(false);
            for (FieldVector column : batch.getFieldVectors()) {
                if (column.getField().getChildren().isEmpty() && !DictionaryFit.pays(column, batch.getRowCount(),
                        properties.getDictionaryPageSizeThreshold(), properties.getPageRowCountLimit())) {
                    plain.add(column.getName());
                }
            }
        }
        return open(out, chunkName, schema, profile, DEFAULT_ROW_GROUP_BYTES, null, WriterProfile.ZSTD_LEVEL, plain);
    }

    private static ChunkWriter open(OutputStream out, String chunkName, Schema schema, WriterProfile profile,
                                    long rowGroupBytes, Executor columnWork, int zstdLevel) throws IOException {
        return open(out, chunkName, schema, profile, rowGroupBytes, columnWork, zstdLevel, Set.of());
    }

    private static ChunkWriter open(OutputStream out, String chunkName, Schema schema, WriterProfile profile,
                                    long rowGroupBytes, Executor columnWork, int zstdLevel, Set<String> plainColumns)
            throws IOException {
        if (rowGroupBytes <= 0) {
            throw new IllegalArgumentException("row-group size is " + rowGroupBytes + " but must be > 0");
        }
        return new ChunkWriter(out, chunkName, schema, profile, rowGroupBytes, columnWork, zstdLevel, plainColumns);
    }

    private static int timestampIndex(Schema schema) {
        List<Field> fields = schema.getFields();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (f.getName().equals(WriterProfile.TIMESTAMP_COLUMN)
                    && (f.getType() instanceof ArrowType.Int t && t.getBitWidth() == 64
                    || f.getType() instanceof ArrowType.Timestamp)) {
                return i;
            }
        }
        return -1;
    }

    public Schema schema() {
        return schema;
    }

    /** How many leaf columns the direct encoders write (the others go through parquet-java's writers). */
    int directlyEncodedColumns() {
        return encoders.size();
    }

    /**
     * Appends every row of {@code batch}, whose schema must equal the chunk's (metadata aside). A writer
     * {@link #openForRewrite opened for a rewrite} goes on reading the batch until its next call returns.
     */
    public void write(VectorSchemaRoot batch) throws IOException {
        if (finished) {
            throw new IllegalStateException("chunk '" + chunkName + "' is already finished");
        }
        if (!batch.getSchema().getFields().equals(schema.getFields())) {
            throw new IllegalArgumentException("batch schema " + batch.getSchema() + " differs from chunk '"
                    + chunkName + "' schema " + schema);
        }
        int rows = batch.getRowCount();
        if (rows == 0) {
            if (lanes != null) {
                lanes.awaitAll(); // the previous batch is the caller's again once this call returns
            }
            return;
        }
        VectorBounds.check(batch.getFieldVectors(), rows);
        checkNonNullable(batch);
        long batchBytes = 0;
        for (FieldVector v : batch.getFieldVectors()) {
            batchBytes += v.getBufferSize();
        }
        arrowBytes += batchBytes;
        if (timestampIndex >= 0) {
            timestamps.add(batch.getVector(timestampIndex), rows);
        }
        for (ColumnShredder s : shredders) {
            s.bind(batch);
        }
        for (DirectColumnEncoder e : ownEncoders) {
            e.bind(batch);
        }
        // row groups can only close between slices: keep slices well below the row-group size
        long sliceBytes = Math.max(1, Math.min(lanes == null ? SLICE_BYTES : CONCURRENT_SLICE_BYTES,
                rowGroupBytes / 4));
        int slice = (int) Math.max(16, Math.min(rows, sliceBytes * rows / Math.max(1, batchBytes)));
        if (lanes != null) {
            lanes.submit(batch, rows, slice);
        }
        for (int from = 0; from < rows; from += slice) {
            int to = Math.min(rows, from + slice);
            if (columnStore == null && shreddedSchema != null) {
                startRowGroup();
            }
            for (ColumnShredder s : shredders) {
                s.writeRows(from, to);
            }
            for (DirectColumnEncoder e : ownEncoders) {
                e.writeRows(from, to);
            }
            if (columnStore != null) {
                for (int i = from; i < to; i++) {
                    columnStore.endRecord();
                }
            }
            rowsInGroup += to - from;
            if (lanes == null && bufferedBytes() >= rowGroupBytes) {
                flushRowGroup();
            }
        }
        rowCount += rows;
        if (lanes != null) {
            // the lanes may still be encoding this batch; the row group closes after it if the sizes reported
            // so far already fill it
            lanes.awaitAllButLast();
            if (bufferedBytes() >= rowGroupBytes) {
                flushRowGroup();
            }
        }
    }

    private void checkNonNullable(VectorSchemaRoot batch) {
        for (FieldVector v : batch.getFieldVectors()) {
            if (!v.getField().isNullable() && v.getNullCount() > 0) {
                throw new IllegalArgumentException("field '" + v.getField().getName()
                        + "' is not nullable but the batch for chunk '" + chunkName + "' has nulls in it");
            }
        }
    }

    /** Bytes of the open row group: compressed pages plus pages still being filled (the lanes' as last reported). */
    private long bufferedBytes() {
        long bytes = lanes == null ? 0 : lanes.reportedBytes();
        for (DirectColumnEncoder e : ownEncoders) {
            bytes += e.bufferedBytes();
        }
        if (columnStore != null) {
            bytes += columnStore.getBufferedSize(); // parquet-java's columns' compressed pages and open pages
        } else {
            for (BufferedColumnChunk c : shreddedChunks) {
                bytes += c.getMemSize();
            }
        }
        return bytes;
    }

    /** Bytes this chunk would take if finished now: written row groups plus the buffered one. */
    public long encodedSizeBytes() {
        return output.position() + bufferedBytes();
    }

    public long rowCount() {
        return rowCount;
    }

    private void startRowGroup() {
        columnStore = properties.newColumnWriteStore(shreddedSchema, pageStore);
        for (ColumnShredder s : shredders) {
            s.bind(columnStore);
        }
    }

    private void flushRowGroup() throws IOException {
        if (rowsInGroup == 0) {
            if (lanes != null) {
                lanes.awaitAll();
            }
            return;
        }
        if (lanes != null) {
            lanes.finishPages(); // the last page of every column compressed in parallel too
        }
        for (DirectColumnEncoder e : ownEncoders) {
            e.finishPage();
        }
        if (columnStore != null) {
            columnStore.flush();
            columnStore.close();
            columnStore = null;
        }
        fileWriter.startBlock(rowsInGroup);
        for (BufferedColumnChunk c : chunks) {
            c.writeTo(fileWriter);
        }
        fileWriter.endBlock();
        rowsInGroup = 0;
        if (lanes != null) {
            lanes.resetReportedBytes();
        }
    }

    /**
     * Appends every row group of another chunk as it is, without decoding: its pages are copied byte for
     * byte (this chunk's profile does not apply to them; page indexes are not copied). The other chunk must
     * have this chunk's schema; {@code recorded} is the summary it was written with, which stands in for
     * the statistics of its rows. Any rows written before are closed into a row group first.
     */
    public void appendRowGroups(RandomAccessSource source, ChunkFooter footer, ChunkSummary recorded)
            throws IOException {
        if (finished) {
            throw new IllegalStateException("chunk '" + chunkName + "' is already finished");
        }
        MessageType theirs = footer.parquetMetadata().getFileMetaData().getSchema();
        if (!footer.schema().getFields().equals(schema.getFields()) || !theirs.equals(parquetSchema)) {
            throw new IllegalArgumentException("chunk '" + footer.chunkName() + "' has schema " + footer.schema()
                    + ", which differs from chunk '" + chunkName + "' schema " + schema);
        }
        flushRowGroup();
        SourceInputFile file = new SourceInputFile(source);
        try (var stream = file.newStream()) {
            fileWriter.appendRowGroups(stream, footer.parquetMetadata().getBlocks(), false);
        }
        rowCount += footer.rowCount();
        arrowBytes += recorded.arrowSizeBytes();
        ColumnStatistics time = recorded.statistics(WriterProfile.TIMESTAMP_COLUMN);
        if (timestampIndex >= 0) {
            timestamps.addSummary(recorded.minTimestampNs(), recorded.maxTimestampNs(), recorded.sortedByTimestamp(),
                    time != null && time.hasNull());
        }
        for (ColumnStatistics s : recorded.columnStatistics()) {
            copiedStatistics.merge(s.path(), s, StatisticsMerge::merge);
        }
    }

    /** Writes the last row group and the footer; the chunk is complete. */
    public ChunkSummary finish() throws IOException {
        if (finished) {
            throw new IllegalStateException("chunk '" + chunkName + "' is already finished");
        }
        flushRowGroup();
        fileWriter.end(Map.of(ArrowSchemaMetadata.KEY, ArrowSchemaMetadata.encode(schema)));
        finished = true;
        releaseBuffers();
        List<ColumnStatistics> columns = new ArrayList<>();
        for (Map.Entry<String, LeafCodec> leaf : statistics) {
            ColumnStatistics stats = StatisticsMerge.merge(leaf.getValue().statistics(leaf.getKey()),
                    copiedStatistics.get(leaf.getKey()));
            if (stats != null) {
                columns.add(stats);
            }
        }
        return new ChunkSummary(output.position(), arrowBytes, rowCount, timestamps.min(), timestamps.max(),
                timestampIndex >= 0 && timestamps.sorted(), columns);
    }

    /** Abandons an unfinished chunk (its stream holds a partial file); a no-op after {@link #finish()}. */
    @Override
    public void close() {
        if (!finished) {
            finished = true;
            if (lanes != null) {
                lanes.abandon(); // they may still read the caller's last batches, which it frees next
            }
            if (columnStore != null) {
                columnStore.close();
                columnStore = null;
            }
            releaseBuffers();
        }
    }

    private void releaseBuffers() {
        for (BufferedColumnChunk c : chunks) {
            c.release();
        }
        for (DirectColumnEncoder e : encoders) {
            e.release();
        }
    }
}
