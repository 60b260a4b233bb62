package io.mosaicod.format;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The compressed pages of one column of the open row group, kept in one reusable array until the row group
 * is written. Pages come from parquet-java's column writers (nested and dictionary columns, through
 * {@link PageWriter}) or straight from {@link PlainColumnEncoder}.
 */
final class BufferedColumnChunk implements PageWriter {

    private record PageInfo(byte[] slab, int offset, int length, int uncompressedSize, int valueCount, int rowCount,
                            Statistics<?> statistics, Encoding repetition, Encoding definition, Encoding values) {
    }

    private final ColumnDescriptor descriptor;
    private final CompressionCodecName codec;
    private final ChunkCompression compression;
    /** Slabs start small (most chunks are small) and double up to this size; they are kept for the next row group. */
    private static final int FIRST_SLAB_BYTES = 64 << 10;
    private static final int MAX_SLAB_BYTES = 8 << 20;

    /**
     * Slabs rather than one growing array: a row group of a few hundred MB would otherwise be copied again
     * at every doubling.
     */
    private final List<byte[]> slabs = new ArrayList<>();
    private int slab;
    private int slabUsed;
    private long bufferedBytes;
    private final List<PageInfo> pageInfos = new ArrayList<>();
    /** Uncompressed pages handed over by parquet-java's column writers, before compression. */
    private final GrowableBytes scratch = new GrowableBytes(0);
    private long valueCount;
    private DictionaryPage dictionary;

    BufferedColumnChunk(ColumnDescriptor descriptor, CompressionCodecName codec, ChunkCompression compression) {
        this.descriptor = descriptor;
        this.codec = codec;
        this.compression = compression;
    }

    ColumnDescriptor descriptor() {
        return descriptor;
    }

    /** Compresses and keeps one v1 data page whose uncompressed bytes are {@code page[off, off + len)}. */
    void addPage(byte[] page, int off, int len, int values, int rows, Statistics<?> statistics, Encoding repetition,
                 Encoding definition, Encoding encoding) throws IOException {
        int room = ChunkCompression.maxCompressedLength(codec, len);
        byte[] target = slabWithRoom(room);
        int written = compression.compressInto(codec, page, off, len, target, slabUsed);
        pageInfos.add(new PageInfo(target, slabUsed, written, len, values, rows, statistics, repetition, definition,
                encoding));
        slabUsed += written;
        bufferedBytes += written;
        valueCount += values;
    }

    private byte[] slabWithRoom(int room) {
        if (slab < slabs.size() && slabs.get(slab).length - slabUsed >= room) {
            return slabs.get(slab);
        }
        if (!slabs.isEmpty() && slabUsed > 0) {
            slab++;
        }
        slabUsed = 0;
        while (slab < slabs.size() && slabs.get(slab).length < room) {
            SlabPool.shared().release(slabs.remove(slab)); // too small for this page: a larger one replaces it
        }
        if (slab == slabs.size()) {
            int size = slabs.isEmpty() ? FIRST_SLAB_BYTES
                    : (int) Math.min(MAX_SLAB_BYTES, 2L * slabs.get(slabs.size() - 1).length);
            slabs.add(SlabPool.shared().acquire(Math.max(size, room)));
        }
        return slabs.get(slab);
    }

    @Override
    public void writePage(BytesInput bytes, int values, int rows, Statistics<?> statistics, Encoding repetition,
                          Encoding definition, Encoding encoding) throws IOException {
        scratch.reset();
        bytes.writeAllTo(scratch);
        addPage(scratch.array(), 0, scratch.size(), values, rows, statistics, repetition, definition, encoding);
    }

    /** Size and geospatial statistics are not kept: no chunk column needs them. */
    @Override
    public void writePage(BytesInput bytes, int values, int rows, Statistics<?> statistics, SizeStatistics sizes,
                          GeospatialStatistics geospatial, Encoding repetition, Encoding definition, Encoding encoding)
            throws IOException {
        writePage(bytes, values, rows, statistics, repetition, definition, encoding);
    }

    @Override
    @Deprecated
    public void writePage(BytesInput bytes, int values, Statistics<?> statistics, Encoding repetition,
                          Encoding definition, Encoding encoding) {
        throw new UnsupportedOperationException("pages need a row count");
    }

    @Override
    public void writePageV2(int rows, int nulls, int values, BytesInput repetitionLevels, BytesInput definitionLevels,
                            Encoding dataEncoding, BytesInput data, Statistics<?> statistics) {
        throw new UnsupportedOperationException("chunks are written with v1 data pages");
    }

    @Override
    public void writeDictionaryPage(DictionaryPage page) throws IOException {
        scratch.reset();
        page.getBytes().writeAllTo(scratch);
        byte[] compressed = new byte[ChunkCompression.maxCompressedLength(codec, scratch.size())];
        int written = compression.compressInto(codec, scratch.array(), 0, scratch.size(), compressed, 0);
        dictionary = new DictionaryPage(BytesInput.from(compressed, 0, written), scratch.size(),
                page.getDictionarySize(), page.getEncoding());
    }

    @Override
    public long getMemSize() {
        return bufferedBytes;
    }

    @Override
    public long allocatedSize() {
        long bytes = 0;
        for (byte[] s : slabs) {
            bytes += s.length;
        }
        return bytes;
    }

    @Override
    public String memUsageString(String prefix) {
        return prefix + descriptor + ": " + bufferedBytes + " bytes in " + pageInfos.size() + " pages";
    }

    /** Returns the slabs to this thread's pool; the chunk must not be used afterwards. */
    void release() {
        for (byte[] s : slabs) {
            SlabPool.shared().release(s);
        }
        slabs.clear();
        scratch.release();
        pageInfos.clear();
    }

    /** Writes this column's chunk of the current row group and empties the buffer for the next one. */
    void writeTo(ParquetFileWriter writer) throws IOException {
        writer.startColumn(descriptor, valueCount, codec);
        if (dictionary != null) {
            writer.writeDictionaryPage(dictionary);
        }
        for (PageInfo p : pageInfos) {
            writer.writeDataPage(p.valueCount(), p.uncompressedSize(),
                    BytesInput.from(p.slab(), p.offset(), p.length()), p.statistics(), p.rowCount(),
                    p.repetition(), p.definition(), p.values());
        }
        writer.endColumn();
        slab = 0;
        slabUsed = 0;
        bufferedBytes = 0;
        pageInfos.clear();
        valueCount = 0;
        dictionary = null;
    }
}
