package io.mosaicod.read.merge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.Text;

/**
 * The reference side of the nested merge test: one row of a batch as plain Java values, compared with
 * {@code equals}. A null at any level is Java {@code null} and nothing below it is looked at (Arrow gives
 * no meaning to the children of a null struct, list or map, nor to the bytes of a null value).
 *
 * <ul>
 *   <li>struct: {@link Struct} of its children's values, in field order;</li>
 *   <li>list, large list, fixed-size list, map: {@link Items} of the elements (a map's elements are its
 *       key/value entry structs), read through the vector's own offsets;</li>
 *   <li>leaves: {@link ValueVector#getObject} ({@code Text} as a {@code String}, {@code byte[]} as
 *       {@link Bytes}), except fixed-width numbers, which are their exact slot bits as a {@link Num} (so NaN
 *       payloads and -0.0 count, and no value is lost to a conversion such as seconds to
 *       {@code LocalDateTime}).</li>
 * </ul>
 */
public final class RowValues {
    private RowValues() {
    }

    record Struct(List<Object> fields) {
    }

    record Items(List<Object> items) {
    }

    /** A fixed-width value: its width in bytes and its bits (sign-extended), shown as the signed integer. */
    record Num(int width, long bits) {
        @Override
        public String toString() {
            return width + "B:" + bits;
        }
    }

    record Bytes(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && Arrays.equals(bytes, b.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            String hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 32));
            return "bytes[" + bytes.length + "]:" + hex + (bytes.length > 32 ? "…" : "");
        }
    }

    static List<Object> row(VectorSchemaRoot batch, int row) {
        List<FieldVector> vectors = batch.getFieldVectors();
        List<Object> values = new ArrayList<>(vectors.size());
        for (FieldVector v : vectors) {
            values.add(value(v, row));
        }
        return values;
    }

    public static List<List<Object>> rows(VectorSchemaRoot batch) {
        List<List<Object>> rows = new ArrayList<>(batch.getRowCount());
        for (int r = 0; r < batch.getRowCount(); r++) {
            rows.add(row(batch, r));
        }
        return rows;
    }

    static Object value(ValueVector v, int index) {
        if (v.isNull(index)) {
            return null;
        }
        if (v instanceof StructVector s) {
            List<Object> fields = new ArrayList<>();
            for (FieldVector child : s.getChildrenFromFields()) {
                fields.add(value(child, index));
            }
            return new Struct(fields);
        }
        if (v instanceof ListVector l) { // and MapVector: a list of non-null entry structs
            return items(l.getDataVector(), l.getElementStartIndex(index), l.getElementEndIndex(index));
        }
        if (v instanceof LargeListVector l) {
            return items(l.getDataVector(), l.getElementStartIndex(index), l.getElementEndIndex(index));
        }
        if (v instanceof FixedSizeListVector l) {
            long size = l.getListSize();
            return items(l.getDataVector(), index * size, (index + 1) * size);
        }
        if (v instanceof BaseFixedWidthVector f && !(f instanceof BitVector) && f.getTypeWidth() <= Long.BYTES
                && !(f.getField().getType() instanceof ArrowType.FixedSizeBinary)) {
            ArrowBuf data = f.getDataBuffer();
            long at = (long) index * f.getTypeWidth();
            long bits = switch (f.getTypeWidth()) {
                case 1 -> data.getByte(at);
                case 2 -> data.getShort(at);
                case 4 -> data.getInt(at);
                case 8 -> data.getLong(at);
                default -> throw new IllegalStateException("unexpected width " + f.getTypeWidth() + " of "
                        + f.getField());
            };
            return new Num(f.getTypeWidth(), bits);
        }
        Object o = v.getObject(index);
        if (o instanceof byte[] b) {
            return new Bytes(b);
        }
        if (o instanceof Text t) {
            return t.toString();
        }
        return o;
    }

    private static Items items(ValueVector data, long start, long end) {
        if (start > end || end > data.getValueCount()) {
            throw new IllegalStateException("element range [" + start + ", " + end + ") outside child '"
                    + data.getField().getName() + "' of " + data.getValueCount() + " values");
        }
        List<Object> items = new ArrayList<>((int) (end - start));
        for (long j = start; j < end; j++) {
            items.add(value(data, Math.toIntExact(j)));
        }
        return new Items(items);
    }

    /** Where two rows of {@code fields} first differ, as "path: expected X but was Y", or null if equal. */
    static String firstDifference(List<Field> fields, List<Object> expected, List<Object> actual) {
        if (expected.size() != actual.size()) {
            return "row has " + actual.size() + " columns, expected " + expected.size();
        }
        for (int c = 0; c < fields.size(); c++) {
            String d = firstDifference(fields.get(c), fields.get(c).getName(), expected.get(c), actual.get(c));
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static String firstDifference(Field field, String path, Object expected, Object actual) {
        if (Objects.equals(expected, actual)) {
            return null;
        }
        if (expected instanceof Struct e && actual instanceof Struct a && e.fields().size() == a.fields().size()) {
            for (int i = 0; i < e.fields().size(); i++) {
                Field child = field.getChildren().get(i);
                String d = firstDifference(child, path + "." + child.getName(), e.fields().get(i), a.fields().get(i));
                if (d != null) {
                    return d;
                }
            }
        }
        if (expected instanceof Items e && actual instanceof Items a) {
            if (e.items().size() != a.items().size()) {
                return path + ": expected " + e.items().size() + " elements but was " + a.items().size()
                        + " (expected " + abbreviate(e) + ", was " + abbreviate(a) + ")";
            }
            Field child = field.getChildren().get(0);
            for (int i = 0; i < e.items().size(); i++) {
                String d = firstDifference(child, path + "[" + i + "]", e.items().get(i), a.items().get(i));
                if (d != null) {
                    return d;
                }
            }
        }
        return path + " (" + field.getType() + "): expected " + abbreviate(expected) + " but was "
                + abbreviate(actual);
    }

    static String abbreviate(Object value) {
        String s = String.valueOf(value);
        return s.length() > 300 ? s.substring(0, 300) + "…(" + s.length() + " chars)" : s;
    }
}
