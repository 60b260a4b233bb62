package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BufferLayout;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A record batch checked against its own body, so that only rows the client sent are stored. Arrow's loader
 * trusts the header: it sizes every column to the batch's declared row count (a count above the body's invents
 * rows of zeros and nulls), and a field's declared null count decides which rows are null whatever the
 * validity bitmap says. So, before loading: the row count and every field's value count agree with each other
 * and with the parent's, every null count lies in range and matches the bitmap sent with it. After loading: the
 * full check of every column's body ({@link ColumnBodyCheck}). All of it is linear in the batch.
 */
final class RecordBatchCheck {
    /** A list's children have as many values as its last offset says; checked once loaded. */
    private static final long ANY_LENGTH = -1;

    private RecordBatchCheck() {
    }

    /** Why a batch cannot be stored, as the end of a sentence. */
    static final class Inconsistent extends Exception {
        private static final long serialVersionUID = 1L;

        Inconsistent(String reason) {
            super(reason, null, false, false);
        }
    }

    /** Checks the header's counts against each other and the validity bitmaps, before anything is loaded. */
    static void beforeLoad(Schema schema, ArrowRecordBatch record) throws Inconsistent {
        long rows = record.getLength();
        if (rows < 0) {
            throw new Inconsistent("it declares " + rows + " rows");
        }
        Iterator<ArrowFieldNode> nodes = record.getNodes().iterator();
        Iterator<ArrowBuf> buffers = record.getBuffers().iterator();
        for (Field field : schema.getFields()) {
            checkField(field, field.getName(), rows, nodes, buffers);
        }
        if (nodes.hasNext() || buffers.hasNext()) {
            throw new Inconsistent("its header describes more columns or buffers than the stream's schema has");
        }
    }

    /** The full check of the loaded columns' bodies ({@link ColumnBodyCheck}). */
    static void afterLoad(VectorSchemaRoot batch) throws Inconsistent {
        ColumnBodyCheck.check(batch.getFieldVectors());
    }

    private static void checkField(Field field, String path, long expectedLength, Iterator<ArrowFieldNode> nodes,
                                   Iterator<ArrowBuf> buffers) throws Inconsistent {
        if (!nodes.hasNext()) {
            throw new Inconsistent("its header describes fewer columns than the stream's schema has");
        }
        ArrowFieldNode node = nodes.next();
        long length = node.getLength();
        long nulls = node.getNullCount();
        if (length < 0 || (expectedLength != ANY_LENGTH && length != expectedLength)) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` declares " + length + " values where "
                    + (expectedLength == ANY_LENGTH ? "a count of zero or more" : String.valueOf(expectedLength))
                    + " belong");
        }
        if (nulls < 0 || nulls > length) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` declares " + nulls + " nulls among "
                    + length + " values");
        }
        for (BufferLayout layout : TypeLayout.getTypeLayout(field.getType()).getBufferLayouts()) {
            if (!buffers.hasNext()) {
                throw new Inconsistent("its header describes fewer buffers than the stream's schema needs");
            }
            ArrowBuf buffer = buffers.next();
            if (layout.getType() == BufferLayout.BufferType.VALIDITY) {
                checkValidity(buffer, length, nulls, path);
            }
        }
        List<Field> children = field.getChildren();
        for (Field child : children) {
            checkField(child, path + "." + child.getName(), childLength(field.getType(), length), nodes, buffers);
        }
    }

    private static long childLength(ArrowType type, long length) {
        if (type instanceof ArrowType.Struct) {
            return length;
        }
        if (type instanceof ArrowType.FixedSizeList list) {
            return length * list.getListSize();
        }
        return ANY_LENGTH;
    }

    /**
     * A bitmap may be left out when no value (or, as Arrow's loader reads it, every value) is null; one that is
     * sent must cover every value and hold as many zero bits as the declared null count.
     */
    private static void checkValidity(ArrowBuf bitmap, long length, long nulls, String path) throws Inconsistent {
        long bytes = bitmap.capacity();
        if (bytes == 0) {
            if (nulls != 0 && nulls != length) {
                throw new Inconsistent("field `" + ClientText.quote(path) + "` declares " + nulls
                        + " nulls but sends no validity bitmap");
            }
            return;
        }
        if (bytes * 8 < length) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` has a validity bitmap of " + bytes
                    + " bytes for " + length + " values");
        }
        long valid = 0;
        long wholeWords = length / 64;
        for (long word = 0; word < wholeWords; word++) {
            valid += Long.bitCount(bitmap.getLong(word * 8));
        }
        for (long bit = wholeWords * 64; bit < length; bit++) {
            valid += (bitmap.getByte(bit >>> 3) >>> (bit & 7)) & 1;
        }
        if (length - valid != nulls) {
            throw new Inconsistent("field `" + ClientText.quote(path) + "` declares " + nulls
                    + " nulls but its validity bitmap marks " + (length - valid));
        }
    }
}
