package io.mosaicod.format;

import java.io.IOException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Encodes a flat column without a dictionary straight from its Arrow vector into PLAIN v1 data pages: the
 * values are copied from the Arrow buffers into the page once, the definition levels are one bit-packed run
 * written in front of them, and the page is compressed into its {@link BufferedColumnChunk}. This replaces
 * parquet-java's value writers, which copy every value several times, for the ragged and image profiles.
 */
final class PlainColumnEncoder implements DirectColumnEncoder {

    /** Room kept in front of the values for the length-prefixed bit-packed definition levels of a full page. */
    private final int levelRoom;
    private final LeafColumn column;
    private final PlainLayout layout;
    private final boolean optional;
    private final BufferedColumnChunk chunk;
    private final LeafCodec statisticsCodec;
    private final boolean parquetStatistics;
    private final int pageBytes;
    private final int pageRows;
    private final GrowableBytes page = new GrowableBytes(4096);
    private final byte[] levels;
    private FieldVector vector;
    private int pageValues;
    private int pageBooleans;
    private Statistics<?> statistics;

    PlainColumnEncoder(LeafColumn column, PlainLayout layout, BufferedColumnChunk chunk, LeafCodec statisticsCodec,
                       boolean parquetStatistics, int pageBytes, int pageRows) {
        this.column = column;
        this.layout = layout;
        this.optional = column.descriptor().getMaxDefinitionLevel() == 1;
        this.chunk = chunk;
        this.statisticsCodec = statisticsCodec;
        this.parquetStatistics = parquetStatistics;
        this.pageBytes = pageBytes;
        this.pageRows = pageRows;
        this.levels = new byte[(pageRows + 7) / 8];
        this.levelRoom = optional ? 4 + 5 + levels.length : 0;
        startPage();
    }

    @Override
    public void bind(VectorSchemaRoot batch) {
        this.vector = column.vectors(batch)[0];
        statisticsCodec.bind(vector);
    }

    @Override
    public long openPageBytes() {
        return page.size() - levelRoom;
    }

    @Override
    public long bufferedBytes() {
        return chunk.getMemSize() + openPageBytes();
    }

    @Override
    public void writeRows(int from, int to) throws IOException {
        collectStatistics(from, to);
        int i = from;
        while (i < to) {
            int n = Math.min(to - i, pageRows - pageValues);
            switch (layout.kind()) {
                case FIXED -> encodeFixed(i, n);
                case BOOLEAN -> encodeBooleans(i, n);
                default -> encodeBytes(i, n);
            }
            i += n;
            if (pageValues == pageRows || page.size() - levelRoom >= pageBytes) {
                finishPage();
            }
        }
    }

    /** Shows the codec each run of present values at once, and each null. */
    private void collectStatistics(int from, int to) {
        if (!statisticsCodec.collectsStatistics()) {
            return;
        }
        ArrowBuf validity = vector.getValidityBuffer();
        int run = from;
        for (int i = from; i < to; i++) {
            if (optional && BitVectorHelper.get(validity, i) == 0) {
                statisticsCodec.observe(run, i - run);
                statisticsCodec.noteNull();
                run = i + 1;
            }
        }
        statisticsCodec.observe(run, to - run);
    }

    private boolean present(int index) {
        if (!optional) {
            return true;
        }
        boolean present = !vector.isNull(index);
        if (present) {
            levels[pageValues >>> 3] |= (byte) (1 << (pageValues & 7));
        } else {
            statistics.incrementNumNulls();
        }
        return present;
    }

    private void encodeFixed(int from, int n) {
        int width = layout.width();
        ArrowBuf data = vector.getDataBuffer();
        boolean int64 = parquetStatistics && statistics.type().getPrimitiveTypeName() == PrimitiveTypeName.INT64;
        if (!parquetStatistics && (!optional || allValid(from, n))) {
            writeValues(data, from, n);
            if (optional) {
                markPresent(n);
            }
            pageValues += n;
            return;
        }
        for (int i = from; i < from + n; i++) {
            if (present(i)) {
                writeValues(data, i, 1);
                if (int64) {
                    statistics.updateStats(data.getLong(i * 8L));
                } else if (parquetStatistics) {
                    updateStatistics(data, i, width);
                }
            }
            pageValues++;
        }
    }

    /** Appends the Parquet form of the {@code n} values from slot {@code from} on to the page. */
    private void writeValues(ArrowBuf data, int from, int n) {
        int bytes = n * layout.width();
        page.ensure(bytes);
        layout.encode(data.memoryAddress() + (long) from * layout.arrowWidth(), page.array(), page.size(), n);
        page.advance(bytes);
    }

    private boolean allValid(int from, int n) {
        ArrowBuf validity = vector.getValidityBuffer();
        for (int i = from; i < from + n; i++) {
            if (BitVectorHelper.get(validity, i) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Sets the level bits of the next {@code n} values of the page. */
    private void markPresent(int n) {
        for (int k = pageValues; k < pageValues + n; k++) {
            levels[k >>> 3] |= (byte) (1 << (k & 7));
        }
    }

    private void updateStatistics(ArrowBuf data, int i, int width) {
        switch (statistics.type().getPrimitiveTypeName()) {
            case INT32 -> statistics.updateStats(data.getInt(i * 4L));
            case FLOAT -> statistics.updateStats(data.getFloat(i * 4L));
            case DOUBLE -> statistics.updateStats(data.getDouble(i * 8L));
            default -> {
                byte[] bytes = new byte[width];
                data.getBytes((long) i * width, bytes, 0, width);
                statistics.updateStats(org.apache.parquet.io.api.Binary.fromConstantByteArray(bytes));
            }
        }
    }

    private void encodeBooleans(int from, int n) {
        ArrowBuf data = vector.getDataBuffer();
        for (int i = from; i < from + n; i++) {
            if (present(i)) {
                int bit = BitVectorHelper.get(data, i);
                if ((pageBooleans & 7) == 0) {
                    page.write(0);
                }
                if (bit != 0) {
                    page.array()[page.size() - 1] |= (byte) (1 << (pageBooleans & 7));
                }
                pageBooleans++;
                if (parquetStatistics) {
                    statistics.updateStats(bit != 0);
                }
            }
            pageValues++;
        }
    }

    private void encodeBytes(int from, int n) {
        boolean large = layout.kind() == PlainLayout.Kind.LARGE_BYTES;
        ArrowBuf offsets = vector.getOffsetBuffer();
        ArrowBuf data = vector.getDataBuffer();
        for (int i = from; i < from + n; i++) {
            if (present(i)) {
                long start = large ? offsets.getLong(i * 8L) : offsets.getInt(i * 4L);
                long end = large ? offsets.getLong(i * 8L + 8) : offsets.getInt(i * 4L + 4);
                int length = (int) (end - start);
                page.writeIntLittleEndian(length);
                int at = page.size();
                page.write(data, start, length);
                if (parquetStatistics) {
                    statistics.updateStats(org.apache.parquet.io.api.Binary.fromReusedByteArray(page.array(), at,
                            length));
                }
            }
            pageValues++;
        }
    }

    private void startPage() {
        page.reset();
        page.ensure(levelRoom);
        page.advance(levelRoom);
        java.util.Arrays.fill(levels, (byte) 0);
        pageValues = 0;
        pageBooleans = 0;
        statistics = parquetStatistics ? Statistics.createStats(chunk.descriptor().getPrimitiveType())
                : Statistics.noopStats(chunk.descriptor().getPrimitiveType());
    }

    @Override
    public void release() {
        page.release();
    }

    @Override
    public void finishPage() throws IOException {
        if (pageValues == 0) {
            return;
        }
        int start = levelRoom;
        if (optional) {
            // one bit-packed run of the levels, ending right where the values begin
            int groups = (pageValues + 7) / 8;
            int header = (groups << 1) | 1;
            int headerBytes = varintSize(header);
            int length = headerBytes + groups;
            start = levelRoom - 4 - length;
            byte[] a = page.array();
            putIntLittleEndian(a, start, length);
            putVarint(a, start + 4, header);
            System.arraycopy(levels, 0, a, start + 4 + headerBytes, groups);
        }
        chunk.addPage(page.array(), start, page.size() - start, pageValues, pageValues, statistics,
                Encoding.RLE, Encoding.RLE, Encoding.PLAIN); // levels of max level 0 take no bytes whatever the encoding
        startPage();
    }

    private static int varintSize(int v) {
        int n = 1;
        while ((v >>>= 7) != 0) {
            n++;
        }
        return n;
    }

    private static void putVarint(byte[] a, int at, int v) {
        int p = at;
        while ((v & ~0x7F) != 0) {
            a[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        a[p] = (byte) v;
    }

    private static void putIntLittleEndian(byte[] a, int at, int v) {
        a[at] = (byte) v;
        a[at + 1] = (byte) (v >>> 8);
        a[at + 2] = (byte) (v >>> 16);
        a[at + 3] = (byte) (v >>> 24);
    }
}
