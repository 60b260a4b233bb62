package io.mosaicod.format;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Set;
import java.util.zip.CRC32;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Decodes the pages of a flat (top-level, non-nested) column straight into its Arrow vector when they are
 * PLAIN-encoded v1 data pages without a dictionary, which is what the ragged and image profiles write. It
 * parses the page headers of the column chunk bytes itself and decompresses every page into one reused
 * buffer; fixed-width values are copied in bulk, byte arrays one copy each, with no per-value call into
 * parquet-java. Other column chunks go through {@link ColumnAssembler}'s generic path.
 */
final class PlainColumnDecoder {

    private static final Set<Encoding> PLAIN_ONLY = Set.of(Encoding.PLAIN);

    private final PlainLayout.Kind layout;
    private final int width;
    private final boolean optional;
    private FieldVector vector;
    private byte[] chunk;
    private int chunkPos;
    private int chunkEnd;
    private CompressionCodecName codec;
    private long valuesLeftInChunk;
    private byte[] pageBuffer = new byte[0];
    private final CRC32 crc = new CRC32();

    private ByteBuffer values;
    private int pageValuesLeft;
    private byte[] defined = new byte[0];
    private int definedIndex;
    private int booleanBit;

    private PlainColumnDecoder(PlainLayout.Kind layout, int width, boolean optional) {
        this.layout = layout;
        this.width = width;
        this.optional = optional;
    }

    /** The decoder for {@code column}, or null when its Arrow values are not its Parquet values byte for byte. */
    static PlainColumnDecoder forColumn(LeafColumn column) {
        PlainLayout layout = PlainLayout.of(column);
        return layout == null ? null : new PlainColumnDecoder(layout.kind(), layout.width(),
                column.descriptor().getMaxDefinitionLevel() == 1);
    }

    /** Whether a column chunk holds only PLAIN v1 data pages, per its footer's encoding statistics. */
    static boolean canDecode(ColumnChunkMetaData chunk) {
        EncodingStats stats = chunk.getEncodingStats();
        return stats != null && !stats.usesV2Pages() && !stats.hasDictionaryPages()
                && PLAIN_ONLY.containsAll(stats.getDataEncodings());
    }

    /**
     * Starts on a column chunk held in {@code bytes[offset, offset + length)}, which the caller keeps intact
     * until the row group is done.
     */
    void startRowGroup(byte[] bytes, int offset, int length, ColumnChunkMetaData meta) {
        this.chunk = bytes;
        this.chunkPos = offset;
        this.chunkEnd = offset + length;
        this.codec = meta.getCodec();
        this.valuesLeftInChunk = meta.getValueCount();
        this.pageValuesLeft = 0;
    }

    void bind(FieldVector batchVector) {
        this.vector = batchVector;
    }

    /** Returns the page buffer for reuse by the next reader on this thread. */
    void release() {
        SlabPool.shared().release(pageBuffer);
        pageBuffer = new byte[0];
    }

    /** Reads up to {@code maxRows} rows into the bound vector from index 0; returns how many. */
    int readRows(int maxRows) throws IOException {
        if (layout != PlainLayout.Kind.BYTES && layout != PlainLayout.Kind.LARGE_BYTES) {
            while (vector.getValueCapacity() < maxRows) {
                vector.reAlloc();
            }
        }
        int rows = 0;
        while (rows < maxRows) {
            if (pageValuesLeft == 0) {
                if (valuesLeftInChunk == 0) {
                    break;
                }
                nextPage();
            }
            int n = Math.min(maxRows - rows, pageValuesLeft);
            copy(rows, n);
            rows += n;
            pageValuesLeft -= n;
            valuesLeftInChunk -= n;
        }
        return rows;
    }

    /** Parses the next page header, checks the page's CRC and decompresses it into a reused buffer. */
    private void nextPage() throws IOException {
        while (true) {
            if (chunkPos >= chunkEnd) {
                throw new IOException("column chunk ends with " + valuesLeftInChunk + " values still to read");
            }
            ByteArrayInputStream in = new ByteArrayInputStream(chunk, chunkPos, chunkEnd - chunkPos);
            PageHeader header = Util.readPageHeader(in);
            int dataStart = chunkEnd - in.available();
            int compressed = header.getCompressed_page_size();
            int uncompressed = header.getUncompressed_page_size();
            if (compressed < 0 || uncompressed < 0 || compressed > chunkEnd - dataStart) {
                throw new IOException("page of " + compressed + " bytes overruns its column chunk");
            }
            chunkPos = dataStart + compressed;
            if (header.getType() == PageType.INDEX_PAGE) {
                continue;
            }
            if (header.getType() != PageType.DATA_PAGE) {
                throw new IOException("expected a v1 data page, found a " + header.getType());
            }
            if (header.isSetCrc()) {
                crc.reset();
                crc.update(chunk, dataStart, compressed);
                if ((int) crc.getValue() != header.getCrc()) {
                    throw new IOException("page CRC mismatch: the page is corrupt");
                }
            }
            ByteBuffer bytes;
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                bytes = ByteBuffer.wrap(chunk, dataStart, compressed).slice();
            } else {
                if (pageBuffer.length < uncompressed) {
                    SlabPool.shared().release(pageBuffer);
                    pageBuffer = SlabPool.shared().acquire(uncompressed);
                }
                ChunkCompression.decompressInto(codec, chunk, dataStart, compressed, pageBuffer, uncompressed);
                bytes = ByteBuffer.wrap(pageBuffer, 0, uncompressed).slice();
            }
            bytes.order(ByteOrder.LITTLE_ENDIAN);
            DataPageHeader data = header.getData_page_header();
            if (data.getEncoding() != org.apache.parquet.format.Encoding.PLAIN) {
                throw new IOException("expected PLAIN values, found " + data.getEncoding());
            }
            int count = data.getNum_values();
            if (optional) {
                decodeDefinitionLevels(bytes, count, data.getDefinition_level_encoding());
            }
            values = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
            pageValuesLeft = count;
            booleanBit = 0;
            return;
        }
    }

    /** Leaves {@code bytes} positioned at the values. */
    private void decodeDefinitionLevels(ByteBuffer bytes, int count, org.apache.parquet.format.Encoding encoding)
            throws IOException {
        if (defined.length < count) {
            defined = new byte[count];
        }
        definedIndex = 0;
        if (encoding == org.apache.parquet.format.Encoding.RLE) {
            int length = bytes.getInt();
            int end = bytes.position() + length;
            if (length < 0 || end > bytes.limit()) {
                throw new IOException("definition levels of " + length + " bytes overrun their page");
            }
            decodeHybridBitWidthOne(bytes, end, count);
            bytes.position(end);
        } else if (encoding == org.apache.parquet.format.Encoding.BIT_PACKED) {
            int start = bytes.position();
            for (int i = 0; i < count; i++) {
                defined[i] = (byte) ((bytes.get(start + i / 8) >>> (7 - i % 8)) & 1);
            }
            bytes.position(start + (count + 7) / 8);
        } else {
            throw new IOException("unsupported definition level encoding " + encoding);
        }
    }

    /**
     * The RLE / bit-packing hybrid for levels of bit width 1: runs are either a repeated value (header
     * {@code count << 1}, one value byte) or groups of eight bit-packed values (header {@code groups << 1 | 1}).
     */
    private void decodeHybridBitWidthOne(ByteBuffer bytes, int end, int count) throws IOException {
        int i = 0;
        int p = bytes.position();
        while (i < count) {
            if (p >= end) {
                throw new IOException("definition levels end after " + i + " of " + count + " values");
            }
            int header = 0;
            int shift = 0;
            int b;
            do {
                b = bytes.get(p++) & 0xFF;
                header |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0 && shift < 35);
            if ((header & 1) == 0) {
                int run = header >>> 1;
                byte value = p < end ? bytes.get(p++) : 0;
                int n = Math.min(run, count - i);
                java.util.Arrays.fill(defined, i, i + n, (byte) (value & 1));
                i += n;
            } else {
                int groups = header >>> 1;
                for (int g = 0; g < groups && i < count; g++) {
                    int packed = p < end ? bytes.get(p++) & 0xFF : 0;
                    for (int bit = 0; bit < 8 && i < count; bit++) {
                        defined[i++] = (byte) ((packed >>> bit) & 1);
                    }
                }
            }
        }
    }

    private boolean present() {
        return !optional || defined[definedIndex++] != 0;
    }

    private void copy(int at, int n) throws IOException {
        switch (layout) {
            case FIXED -> copyFixed(at, n);
            case BOOLEAN -> copyBooleans(at, n);
            default -> copyBytes(at, n);
        }
    }

    private void copyFixed(int at, int n) {
        ArrowBuf data = vector.getDataBuffer();
        ArrowBuf validity = vector.getValidityBuffer();
        boolean allPresent = !optional || allDefined(n);
        if (allPresent) {
            int bytes = n * width;
            data.setBytes((long) at * width, values.array(), values.arrayOffset() + values.position(), bytes);
            values.position(values.position() + bytes);
            definedIndex += optional ? n : 0;
            for (int i = at; i < at + n; i++) {
                BitVectorHelper.setBit(validity, i);
            }
            return;
        }
        for (int i = at; i < at + n; i++) {
            if (present()) {
                data.setBytes((long) i * width, values.array(), values.arrayOffset() + values.position(), width);
                values.position(values.position() + width);
                BitVectorHelper.setBit(validity, i);
            }
        }
    }

    private boolean allDefined(int n) {
        for (int i = definedIndex; i < definedIndex + n; i++) {
            if (defined[i] == 0) {
                return false;
            }
        }
        return true;
    }

    private void copyBooleans(int at, int n) {
        ArrowBuf data = vector.getDataBuffer();
        ArrowBuf validity = vector.getValidityBuffer();
        int start = values.position();
        for (int i = at; i < at + n; i++) {
            if (present()) {
                int bit = (values.get(start + booleanBit / 8) >>> (booleanBit % 8)) & 1;
                booleanBit++;
                BitVectorHelper.setValidityBit(data, i, bit);
                BitVectorHelper.setBit(validity, i);
            }
        }
    }

    private void copyBytes(int at, int n) throws IOException {
        byte[] array = values.array();
        int base = values.arrayOffset();
        for (int i = at; i < at + n; i++) {
            if (!present()) {
                continue; // the vector's offsets fill this hole when the next value (or the count) is set
            }
            int length = values.getInt();
            int p = values.position();
            if (length < 0 || length > values.remaining()) {
                throw new IOException("byte array of " + length + " bytes overruns its page");
            }
            if (layout == PlainLayout.Kind.BYTES) {
                ((BaseVariableWidthVector) vector).setSafe(i, array, base + p, length);
            } else {
                ((BaseLargeVariableWidthVector) vector).setSafe(i, array, base + p, length);
            }
            values.position(p + length);
        }
    }
}
