package io.mosaicod.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Decodes the pages of a flat (top-level, non-nested) column straight into its Arrow vector when they are
 * PLAIN-encoded v1 data pages without a dictionary, which is what the ragged and image profiles write
 * ({@link DataPages}); fixed-width values are copied in bulk, byte arrays one copy each, with no per-value call
 * into parquet-java. Nested columns take {@link NestedColumnDecoder}; other column chunks go through
 * {@link ColumnAssembler}'s generic path.
 */
final class PlainColumnDecoder implements DirectColumnDecoder {

    private final PlainLayout.Kind layout;
    private final int width;
    private final boolean optional;
    private FieldVector vector;
    private final DataPages pages = new DataPages();
    private long valuesLeftInChunk;

    private ByteBuffer values;
    private int pageValuesLeft;
    private byte[] defined = new byte[0];
    private int definedIndex;
    private int booleanBit;

    PlainColumnDecoder(PlainLayout.Kind layout, int width, boolean optional) {
        this.layout = layout;
        this.width = width;
        this.optional = optional;
    }

    @Override
    public void startRowGroup(byte[] bytes, int offset, int length, ColumnChunkMetaData meta) {
        pages.start(bytes, offset, length, meta.getCodec());
        this.valuesLeftInChunk = meta.getValueCount();
        this.pageValuesLeft = 0;
    }

    @Override
    public void bind(FieldVector[] chain) {
        this.vector = chain[0];
    }

    @Override
    public void release() {
        pages.release();
    }

    @Override
    public int readRows(int maxRows) throws IOException {
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

    private void nextPage() throws IOException {
        pages.next(valuesLeftInChunk);
        ByteBuffer bytes = pages.bytes();
        int count = pages.valueCount();
        if (optional) {
            if (defined.length < count) {
                defined = new byte[count];
            }
            LevelDecoder.decode(bytes, pages.definitionEncoding(), 1, count, defined);
            definedIndex = 0;
        }
        values = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
        pageValuesLeft = count;
        booleanBit = 0;
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
