package io.mosaicod.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Schema pieces the shapes share, as ROS 2 messages converted to Arrow look: the int64 {@code timestamp_ns}
 * every topic has and the message header {@code struct<stamp struct<sec int32, nanosec uint32>, frame_id
 * utf8>}, with its filler.
 */
final class ShapeFields {
    static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    static final ArrowType UINT32 = new ArrowType.Int(32, false);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private ShapeFields() {
    }

    static Field timestamp() {
        return required("timestamp_ns", new ArrowType.Int(64, true));
    }

    static Field required(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.notNullable(type), children.length == 0 ? null : List.of(children));
    }

    static Field optional(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.nullable(type), children.length == 0 ? null : List.of(children));
    }

    /** A required struct of required float64 fields, e.g. a vector3 {@code x, y, z}. */
    static Field float64Struct(String name, String... fields) {
        Field[] children = new Field[fields.length];
        for (int i = 0; i < fields.length; i++) {
            children[i] = required(fields[i], FLOAT64);
        }
        return required(name, ArrowType.Struct.INSTANCE, children);
    }

    static Field header() {
        Field stamp = required("stamp", ArrowType.Struct.INSTANCE, required("sec", new ArrowType.Int(32, true)),
                required("nanosec", UINT32));
        return required("header", ArrowType.Struct.INSTANCE, stamp, required("frame_id", ArrowType.Utf8.INSTANCE));
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Allocates {@code vector} (and its children) for {@code rows} rows, list elements aside. */
    static void allocate(ValueVector vector, int rows) {
        vector.setInitialCapacity(rows);
        vector.allocateNew();
    }

    /** A required {@code fixed_size_list<float64>[size]} of required items, e.g. a row-major 3×3 covariance. */
    static Field float64Array(String name, int size) {
        return required(name, new ArrowType.FixedSizeList(size), required("item", FLOAT64));
    }

    static int total(int[] lengths) {
        int sum = 0;
        for (int length : lengths) {
            sum += length;
        }
        return sum;
    }

    /** Writes the rows' {@code timestamp_ns}. */
    static void fillTimestamps(BigIntVector vector, long[] timestamps) {
        vector.allocateNew(timestamps.length);
        for (int r = 0; r < timestamps.length; r++) {
            vector.set(r, timestamps[r]);
        }
    }

    /** Writes each row's header: its stamp from the row's timestamp, and {@code frameId}. */
    static void fillHeader(StructVector header, long[] timestamps, byte[] frameId) {
        StructVector stamp = (StructVector) header.getChild("stamp");
        IntVector sec = (IntVector) stamp.getChild("sec");
        UInt4Vector nanosec = (UInt4Vector) stamp.getChild("nanosec");
        VarCharVector frame = (VarCharVector) header.getChild("frame_id");
        int rows = timestamps.length;
        sec.allocateNew(rows);
        nanosec.allocateNew(rows);
        frame.allocateNew((long) frameId.length * rows, rows);
        for (int r = 0; r < rows; r++) {
            sec.set(r, (int) Math.floorDiv(timestamps[r], NANOS_PER_SECOND));
            nanosec.set(r, (int) Math.floorMod(timestamps[r], NANOS_PER_SECOND));
            frame.set(r, frameId);
            stamp.setIndexDefined(r);
            header.setIndexDefined(r);
        }
    }
}
