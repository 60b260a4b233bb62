package io.mosaicod.format;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Set;
import java.util.zip.CRC32;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The v1 data pages of one column chunk whose bytes are in memory, one at a time: page headers parsed here, CRCs
 * checked, pages decompressed into one reused buffer. What the bulk decoders read instead of parquet-java's page
 * readers, which copy every page several times.
 */
final class DataPages {

    private static final Set<Encoding> PLAIN_ONLY = Set.of(Encoding.PLAIN);

    private byte[] chunk;
    private int chunkPos;
    private int chunkEnd;
    private CompressionCodecName codec;
    private byte[] pageBuffer = new byte[0];
    private final CRC32 crc = new CRC32();
    private ByteBuffer page;
    private DataPageHeader header;

    /** Whether a column chunk holds only PLAIN v1 data pages, per its footer's encoding statistics. */
    static boolean plainOnly(ColumnChunkMetaData chunk) {
        EncodingStats stats = chunk.getEncodingStats();
        return stats != null && !stats.usesV2Pages() && !stats.hasDictionaryPages()
                && PLAIN_ONLY.containsAll(stats.getDataEncodings());
    }

    /**
     * Starts on a column chunk held in {@code bytes[offset, offset + length)}, which the caller keeps intact
     * until the row group is done.
     */
    void start(byte[] bytes, int offset, int length, CompressionCodecName chunkCodec) {
        this.chunk = bytes;
        this.chunkPos = offset;
        this.chunkEnd = offset + length;
        this.codec = chunkCodec;
        this.page = null;
    }

    /**
     * Moves to the next data page: {@link #bytes()} then holds it whole (levels, then values), little-endian and
     * positioned at its start. {@code valuesLeft} is what the column chunk still owes, for the error message of a
     * chunk that ends too early.
     */
    void next(long valuesLeft) throws IOException {
        while (true) {
            if (chunkPos >= chunkEnd) {
                throw new IOException("column chunk ends with " + valuesLeft + " values still to read");
            }
            ByteArrayInputStream in = new ByteArrayInputStream(chunk, chunkPos, chunkEnd - chunkPos);
            PageHeader pageHeader = Util.readPageHeader(in);
            int dataStart = chunkEnd - in.available();
            int compressed = pageHeader.getCompressed_page_size();
            int uncompressed = pageHeader.getUncompressed_page_size();
            if (compressed < 0 || uncompressed < 0 || compressed > chunkEnd - dataStart) {
                throw new IOException("page of " + compressed + " bytes overruns its column chunk");
            }
            chunkPos = dataStart + compressed;
            if (pageHeader.getType() == PageType.INDEX_PAGE) {
                continue;
            }
            if (pageHeader.getType() != PageType.DATA_PAGE) {
                throw new IOException("expected a v1 data page, found a " + pageHeader.getType());
            }
            if (pageHeader.isSetCrc()) {
                crc.reset();
                crc.update(chunk, dataStart, compressed);
                if ((int) crc.getValue() != pageHeader.getCrc()) {
                    throw new IOException("page CRC mismatch: the page is corrupt");
                }
            }
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                page = ByteBuffer.wrap(chunk, dataStart, compressed).slice();
            } else {
                if (pageBuffer.length < uncompressed) {
                    SlabPool.shared().release(pageBuffer);
                    pageBuffer = SlabPool.shared().acquire(uncompressed);
                }
                ChunkCompression.decompressInto(codec, chunk, dataStart, compressed, pageBuffer, uncompressed);
                page = ByteBuffer.wrap(pageBuffer, 0, uncompressed).slice();
            }
            page.order(ByteOrder.LITTLE_ENDIAN);
            header = pageHeader.getData_page_header();
            if (header.getEncoding() != org.apache.parquet.format.Encoding.PLAIN) {
                throw new IOException("expected PLAIN values, found " + header.getEncoding());
            }
            if (header.getNum_values() < 0) {
                throw new IOException("page claims " + header.getNum_values() + " values");
            }
            return;
        }
    }

    ByteBuffer bytes() {
        return page;
    }

    /** Level entries (values and nulls at every depth) in the page. */
    int valueCount() {
        return header.getNum_values();
    }

    org.apache.parquet.format.Encoding repetitionEncoding() {
        return header.getRepetition_level_encoding();
    }

    org.apache.parquet.format.Encoding definitionEncoding() {
        return header.getDefinition_level_encoding();
    }

    /** Returns the page buffer for reuse by the next reader on this thread. */
    void release() {
        SlabPool.shared().release(pageBuffer);
        pageBuffer = new byte[0];
    }
}
