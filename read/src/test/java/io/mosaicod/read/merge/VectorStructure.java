package io.mosaicod.read.merge;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.ValueVectorUtility;

/**
 * Structural validation of a batch, which values read through getters cannot show: buffers large enough
 * for the value count, offsets that start at or above zero, never decrease and stay inside their data or
 * child vector, children at least as long as their parent needs, non-null map keys.
 *
 * <p>Arrow's own {@link ValueVectorUtility#validateFull} checks the same and more, but in Arrow Java 18.3.0
 * it throws on every fixed-size list ({@code UnsupportedOperationException} from
 * {@code FixedSizeListVector.getOffsetBuffer}), on every map ("Incorrect arrow type for class MapVector")
 * on every decimal that uses its full precision (its precision check is off by one) and on every float16
 * ("Unknown type for fixed width vector class Float2Vector"). So it runs here
 * only on top-level columns without those types; this class's own checks run on all of them.
 */
final class VectorStructure {
    private VectorStructure() {
    }

    /** Throws an {@link AssertionError} naming the column path of the first fault in {@code batch}. */
    static void check(VectorSchemaRoot batch, String name) {
        int rows = batch.getRowCount();
        for (FieldVector v : batch.getFieldVectors()) {
            try {
                if (v.getValueCount() != rows) {
                    throw new AssertionError("has " + v.getValueCount() + " values in a batch of " + rows + " rows");
                }
                check(v, rows, v.getName());
                if (arrowCanValidate(v.getField())) {
                    ValueVectorUtility.validateFull(v);
                }
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(name + ": column '" + v.getName() + "' is not valid Arrow: "
                        + e.getMessage(), e);
            }
        }
    }

    private static boolean arrowCanValidate(Field field) {
        ArrowType type = field.getType();
        if (type instanceof ArrowType.Map || type instanceof ArrowType.FixedSizeList
                || type instanceof ArrowType.Decimal
                || type instanceof ArrowType.FloatingPoint f && f.getPrecision() == FloatingPointPrecision.HALF) {
            return false;
        }
        return field.getChildren().stream().allMatch(VectorStructure::arrowCanValidate);
    }

    /** Checks {@code v}, of which {@code needed} values are referenced by its parent. */
    private static void check(ValueVector v, int needed, String path) {
        if (v.getValueCount() < needed) {
            throw new AssertionError(path + ": " + v.getValueCount() + " values but " + needed + " are referenced");
        }
        int n = v.getValueCount();
        if (n > 0 && v.getClass() != NonNullableStructVector.class) {
            requireCapacity(v.getValidityBuffer(), (n + 7) / 8, path + " validity");
        }
        if (v instanceof StructVector s) {
            for (FieldVector child : s.getChildrenFromFields()) {
                check(child, n, path + "." + child.getName());
            }
        } else if (v instanceof ListVector l) { // and MapVector
            long end = offsets(l.getOffsetBuffer(), n, false, path);
            FieldVector data = l.getDataVector();
            if (end > data.getValueCount()) {
                throw new AssertionError(path + ": offsets reach " + end + " but the child has "
                        + data.getValueCount() + " values");
            }
            if (l instanceof MapVector && n > 0) {
                ValueVector keys = ((StructVector) data).getChildrenFromFields().get(0);
                for (long j = l.getOffsetBuffer().getInt(0); j < end; j++) {
                    if (data.isNull((int) j) || keys.isNull((int) j)) {
                        throw new AssertionError(path + ": map entry " + j + " or its key is null");
                    }
                }
            }
            check(data, (int) end, path + "[]");
        } else if (v instanceof LargeListVector l) {
            long end = offsets(l.getOffsetBuffer(), n, true, path);
            ValueVector data = l.getDataVector();
            if (end > data.getValueCount()) {
                throw new AssertionError(path + ": offsets reach " + end + " but the child has "
                        + data.getValueCount() + " values");
            }
            check(data, (int) end, path + "[]");
        } else if (v instanceof FixedSizeListVector l) {
            check(l.getDataVector(), n * l.getListSize(), path + "[]");
        } else if (v instanceof BaseVariableWidthVector b) {
            long end = offsets(b.getOffsetBuffer(), n, false, path);
            requireCapacity(b.getDataBuffer(), end, path + " data");
        } else if (v instanceof BaseLargeVariableWidthVector b) {
            long end = offsets(b.getOffsetBuffer(), n, true, path);
            requireCapacity(b.getDataBuffer(), end, path + " data");
        } else if (v instanceof BitVector b) {
            requireCapacity(b.getDataBuffer(), (n + 7) / 8, path + " data");
        } else if (v instanceof BaseFixedWidthVector f) {
            requireCapacity(f.getDataBuffer(), (long) n * f.getTypeWidth(), path + " data");
        } else {
            throw new AssertionError(path + ": unexpected vector " + v.getClass().getSimpleName());
        }
    }

    /** Checks {@code n + 1} offsets; returns the last. */
    private static long offsets(ArrowBuf buffer, int n, boolean large, String path) {
        int width = large ? Long.BYTES : Integer.BYTES;
        if (n == 0 && buffer.capacity() < width) {
            return 0; // an empty vector may have no offsets at all
        }
        requireCapacity(buffer, (long) (n + 1) * width, path + " offsets");
        long previous = large ? buffer.getLong(0) : buffer.getInt(0);
        if (previous < 0) {
            throw new AssertionError(path + ": first offset is " + previous);
        }
        for (int i = 1; i <= n; i++) {
            long offset = large ? buffer.getLong((long) i * width) : buffer.getInt((long) i * width);
            if (offset < previous) {
                throw new AssertionError(path + ": offset " + i + " is " + offset + ", below offset " + (i - 1)
                        + " (" + previous + ")");
            }
            previous = offset;
        }
        return previous;
    }

    private static void requireCapacity(ArrowBuf buffer, long bytes, String what) {
        if (buffer.capacity() < bytes) {
            throw new AssertionError(what + ": buffer holds " + buffer.capacity() + " bytes, " + bytes + " needed");
        }
    }
}
