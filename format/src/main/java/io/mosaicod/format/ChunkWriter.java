package io.mosaicod.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;

/**
 * Writes Arrow batches of one schema as one Parquet chunk, column by column: each leaf column's values and
 * levels are taken straight from the vectors ({@link ColumnShredder}), with no row objects. Row groups are
 * closed when their buffered size reaches the row-group size. The Arrow schema, with all its metadata, is
 * stored as {@code ARROW:schema}. {@link #finish()} writes the footer and reports the chunk's
 * {@link ChunkSummary}; {@link #close()} without {@code finish()} abandons the chunk. The writer never closes
 * the caller's stream.
 */
public final class ChunkWriter implements AutoCloseable {

    /** Default row-group size: a chunk of up to this many encoded bytes is one row group. */
    public static final long DEFAULT_ROW_GROUP_BYTES = 128L << 20;
    /** Rows are handed to the column writers in slices of about this many Arrow bytes, so pages stay small. */
    private static final long SLICE_BYTES = 256 << 10;

    private final String chunkName;
    private final Schema schema;
    private final MessageType parquetSchema;
    private final ParquetProperties properties;
    private final long rowGroupBytes;
    private final StreamOutputFile output;
    private final ParquetFileWriter fileWriter;
    private final List<ColumnShredder> shredders = new ArrayList<>();
    private final Map<ColumnDescriptor, BytesInputCompressor> compressors = new HashMap<>();
    private final int timestampIndex;
    private final TimestampTracker timestamps = new TimestampTracker();

    private ColumnChunkPageWriteStore pageStore;
    private ColumnWriteStore columnStore;
    private int rowGroupOrdinal;
    private long rowsInGroup;
    private long rowCount;
    private long arrowBytes;
    private boolean finished;

    private ChunkWriter(OutputStream out, String chunkName, Schema schema, WriterProfile profile, long rowGroupBytes)
            throws IOException {
        this.chunkName = chunkName;
        this.schema = schema;
        this.rowGroupBytes = rowGroupBytes;
        this.parquetSchema = ParquetSchemaMapping.toParquet(schema);
        this.timestampIndex = timestampIndex(schema);
        this.properties = profile.properties(timestampIndex >= 0);
        try {
            for (LeafColumn leaf : ColumnLayout.leaves(schema, parquetSchema, chunkName)) {
                shredders.add(new ColumnShredder(leaf));
            }
        } catch (ChunkFormatException e) {
            throw new IllegalStateException("derived Parquet schema does not match its Arrow schema", e);
        }
        ChunkCompression compression = new ChunkCompression(WriterProfile.ZSTD_LEVEL);
        for (ColumnDescriptor column : parquetSchema.getColumns()) {
            compressors.put(column, compression.getCompressor(profile.codecFor(column.getPath()[0])));
        }
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
        if (rowGroupBytes <= 0) {
            throw new IllegalArgumentException("row-group size is " + rowGroupBytes + " but must be > 0");
        }
        return new ChunkWriter(out, chunkName, schema, profile, rowGroupBytes);
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

    /** Appends every row of {@code batch}, whose schema must equal the chunk's (metadata aside). */
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
            return;
        }
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
        // row groups can only close between slices: keep slices well below the row-group size
        long sliceBytes = Math.max(1, Math.min(SLICE_BYTES, rowGroupBytes / 4));
        int slice = (int) Math.max(16, Math.min(rows, sliceBytes * rows / Math.max(1, batchBytes)));
        for (int from = 0; from < rows; from += slice) {
            int to = Math.min(rows, from + slice);
            if (columnStore == null) {
                startRowGroup();
            }
            for (ColumnShredder s : shredders) {
                s.writeRows(from, to);
            }
            for (int i = from; i < to; i++) {
                columnStore.endRecord();
            }
            rowsInGroup += to - from;
            if (columnStore.getBufferedSize() >= rowGroupBytes) {
                flushRowGroup();
            }
        }
        rowCount += rows;
    }

    private void checkNonNullable(VectorSchemaRoot batch) {
        List<FieldVector> vectors = batch.getFieldVectors();
        for (int i = 0; i < vectors.size(); i++) {
            FieldVector v = vectors.get(i);
            if (!v.getField().isNullable() && v.getNullCount() > 0) {
                throw new IllegalArgumentException("field '" + v.getField().getName()
                        + "' is not nullable but the batch for chunk '" + chunkName + "' has nulls in it");
            }
        }
    }

    /** Bytes this chunk would take if finished now: flushed row groups plus what the open one buffers. */
    public long encodedSizeBytes() {
        return output.position() + (columnStore == null ? 0 : columnStore.getBufferedSize());
    }

    public long rowCount() {
        return rowCount;
    }

    private void startRowGroup() {
        pageStore = ColumnChunkPageWriteStore.builder()
                .withCompressorProvider(compressors::get)
                .withSchema(parquetSchema)
                .withAllocator(HeapByteBufferAllocator.getInstance())
                .withColumnIndexTruncateLength(properties.getColumnIndexTruncateLength())
                .withPageWriteChecksumEnabled(properties.getPageWriteChecksumEnabled())
                .withRowGroupOrdinal(rowGroupOrdinal)
                .build();
        columnStore = properties.newColumnWriteStore(parquetSchema, pageStore, pageStore);
        for (ColumnShredder s : shredders) {
            s.bind(columnStore);
        }
        rowsInGroup = 0;
    }

    private void flushRowGroup() throws IOException {
        if (columnStore == null) {
            return;
        }
        fileWriter.startBlock(rowsInGroup);
        columnStore.flush();
        pageStore.flushToFileWriter(fileWriter);
        fileWriter.endBlock();
        releaseRowGroup();
        rowGroupOrdinal++;
    }

    private void releaseRowGroup() {
        columnStore.close();
        pageStore.close();
        columnStore = null;
        pageStore = null;
    }

    /** Writes the last row group and the footer; the chunk is complete. */
    public ChunkSummary finish() throws IOException {
        if (finished) {
            throw new IllegalStateException("chunk '" + chunkName + "' is already finished");
        }
        flushRowGroup();
        fileWriter.end(Map.of(ArrowSchemaMetadata.KEY, ArrowSchemaMetadata.encode(schema)));
        finished = true;
        List<ColumnStatistics> statistics = new ArrayList<>();
        for (ColumnShredder s : shredders) {
            ColumnStatistics stats = s.codec.statistics(s.column().statisticsPath());
            if (stats != null) {
                statistics.add(stats);
            }
        }
        return new ChunkSummary(output.position(), arrowBytes, rowCount, timestamps.min(), timestamps.max(),
                timestampIndex >= 0 && timestamps.sorted(), statistics);
    }

    /** Abandons an unfinished chunk (its stream holds a partial file); a no-op after {@link #finish()}. */
    @Override
    public void close() {
        if (!finished) {
            finished = true;
            if (columnStore != null) {
                releaseRowGroup();
            }
        }
    }
}
