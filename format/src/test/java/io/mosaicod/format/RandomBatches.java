package io.mosaicod.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Random Arrow schemas covering every type the codec supports, at every nesting level, and random batches
 * for them: nulls at every level (children of a null struct or fixed-size list are null too, which is all
 * Parquet can represent), empty lists and strings, NaN and ±Inf, extreme integers.
 */
final class RandomBatches {

    static final List<ArrowType> LEAF_TYPES = List.of(
            ArrowType.Bool.INSTANCE,
            new ArrowType.Int(8, true), new ArrowType.Int(16, true), new ArrowType.Int(32, true),
            new ArrowType.Int(64, true), new ArrowType.Int(8, false), new ArrowType.Int(16, false),
            new ArrowType.Int(32, false), new ArrowType.Int(64, false),
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
            new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
            new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
            ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE, ArrowType.Binary.INSTANCE,
            ArrowType.LargeBinary.INSTANCE, new ArrowType.FixedSizeBinary(5),
            new ArrowType.Timestamp(TimeUnit.SECOND, null), new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Rome"), new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"), new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"),
            new ArrowType.Date(DateUnit.DAY), new ArrowType.Date(DateUnit.MILLISECOND),
            new ArrowType.Time(TimeUnit.SECOND, 32), new ArrowType.Time(TimeUnit.MILLISECOND, 32),
            new ArrowType.Time(TimeUnit.MICROSECOND, 64), new ArrowType.Time(TimeUnit.NANOSECOND, 64),
            new ArrowType.Duration(TimeUnit.SECOND), new ArrowType.Duration(TimeUnit.NANOSECOND),
            new ArrowType.Decimal(9, 2, 128), new ArrowType.Decimal(18, 0, 128), new ArrowType.Decimal(38, 10, 128),
            new ArrowType.Decimal(1, 1, 128));

    private static final double[] SPECIAL_DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        -0.0, 0.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE};
    private static final float[] SPECIAL_FLOATS = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        -0.0f, 0.0f, Float.MAX_VALUE, Float.MIN_VALUE};

    private final Random rnd;
    private final List<ArrowType> leafTypes;
    private final int nestedKinds;
    private double nullProbability;
    private int names;

    RandomBatches(Random rnd) {
        this(rnd, LEAF_TYPES, 5);
    }

    /**
     * @param nestedKinds how many of the nested kinds to use, in this order: struct, list, large_list,
     *                    fixed_size_list, map (0 for flat schemas)
     */
    RandomBatches(Random rnd, List<ArrowType> leafTypes, int nestedKinds) {
        this.rnd = rnd;
        this.leafTypes = leafTypes;
        this.nestedKinds = nestedKinds;
    }

    Schema schema() {
        int n = 1 + rnd.nextInt(6);
        List<Field> fields = new ArrayList<>();
        if (rnd.nextBoolean()) {
            fields.add(new Field(WriterProfile.TIMESTAMP_COLUMN,
                    new FieldType(rnd.nextInt(4) == 0, new ArrowType.Int(64, true), null), null));
        }
        for (int i = 0; i < n; i++) {
            fields.add(field(0));
        }
        Map<String, String> metadata = rnd.nextBoolean() ? Map.of("ontology", "imu/" + rnd.nextInt(100),
                "description", "ünïcode ✓") : null;
        return new Schema(fields, metadata);
    }

    Field field(int depth) {
        String name = "c" + (names++) + (rnd.nextInt(5) == 0 ? " spaced-Ä" : "");
        boolean nullable = rnd.nextInt(3) != 0;
        Map<String, String> metadata = rnd.nextInt(4) == 0 ? Map.of("unit", "m/s", "k" + rnd.nextInt(9), "") : null;
        int pick = depth >= 3 || rnd.nextInt(14) >= 5 ? 10 : rnd.nextInt(5);
        if (pick >= nestedKinds) {
            pick = 10;
        }
        return switch (pick) {
            case 0 -> new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null, metadata),
                    children(depth, 1 + rnd.nextInt(3)));
            case 1 -> new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null, metadata),
                    List.of(renamed(field(depth + 1), rnd.nextBoolean() ? "item" : "element")));
            case 2 -> new Field(name, new FieldType(nullable, ArrowType.LargeList.INSTANCE, null, metadata),
                    List.of(renamed(field(depth + 1), "item")));
            case 3 -> new Field(name, new FieldType(nullable, new ArrowType.FixedSizeList(1 + rnd.nextInt(3)), null,
                    metadata), List.of(renamed(field(depth + 1), "item")));
            case 4 -> map(name, nullable, metadata, depth);
            default -> new Field(name, new FieldType(nullable, leafTypes.get(rnd.nextInt(leafTypes.size())), null,
                    metadata), null);
        };
    }

    private List<Field> children(int depth, int n) {
        List<Field> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(field(depth + 1));
        }
        return children;
    }

    private Field map(String name, boolean nullable, Map<String, String> metadata, int depth) {
        ArrowType keyType = List.of(ArrowType.Utf8.INSTANCE, new ArrowType.Int(32, true), new ArrowType.Int(64, false))
                .get(rnd.nextInt(3));
        Field key = new Field("key", FieldType.notNullable(keyType), null);
        Field value = renamed(field(depth + 1), "value");
        Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(key, value));
        return new Field(name, new FieldType(nullable, new ArrowType.Map(false), null, metadata), List.of(entries));
    }

    private static Field renamed(Field f, String name) {
        return new Field(name, f.getFieldType(), f.getChildren());
    }

    /** A batch of {@code rows} rows; nulls appear with a probability drawn per batch. */
    VectorSchemaRoot batch(Schema schema, int rows, BufferAllocator allocator) {
        nullProbability = List.of(0.0, 0.1, 0.5, 0.95).get(rnd.nextInt(4));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        for (FieldVector v : root.getFieldVectors()) {
            fill(v, rows, null);
        }
        root.setRowCount(rows);
        return root;
    }

    private void fill(FieldVector v, int n, boolean[] forcedNull) {
        boolean[] isNull = new boolean[n];
        for (int i = 0; i < n; i++) {
            isNull[i] = (forcedNull != null && forcedNull[i])
                    || (v.getField().isNullable() && rnd.nextDouble() < nullProbability);
        }
        if (v instanceof StructVector s) {
            for (int i = 0; i < n; i++) {
                if (isNull[i]) {
                    s.setNull(i);
                } else {
                    s.setIndexDefined(i);
                }
            }
            for (FieldVector child : s.getChildrenFromFields()) {
                fill(child, n, isNull);
            }
        } else if (v instanceof ListVector l) { // also maps
            int total = 0;
            for (int i = 0; i < n; i++) {
                if (isNull[i]) {
                    l.setNull(i);
                } else {
                    l.startNewValue(i);
                    int size = rnd.nextInt(4);
                    l.endValue(i, size);
                    total += size;
                }
            }
            fill(l.getDataVector(), total, null);
        } else if (v instanceof LargeListVector l) {
            int total = 0;
            for (int i = 0; i < n; i++) {
                if (isNull[i]) {
                    l.setNull(i);
                } else {
                    l.startNewValue(i);
                    int size = rnd.nextInt(4);
                    l.endValue(i, size);
                    total += size;
                }
            }
            fill(l.getDataVector(), total, null);
        } else if (v instanceof FixedSizeListVector l) {
            int size = l.getListSize();
            boolean[] childNull = new boolean[n * size];
            for (int i = 0; i < n; i++) {
                if (isNull[i]) {
                    l.setNull(i);
                    Arrays.fill(childNull, i * size, (i + 1) * size, true);
                } else {
                    l.setNotNull(i);
                }
            }
            fill(l.getDataVector(), n * size, childNull);
        } else {
            for (int i = 0; i < n; i++) {
                if (isNull[i]) {
                    setNull(v, i);
                } else {
                    setRandom(v, i);
                }
            }
        }
        v.setValueCount(n);
    }

    private static void setNull(FieldVector v, int i) {
        if (v instanceof BaseFixedWidthVector f) {
            f.setNull(i);
        } else if (v instanceof BaseVariableWidthVector b) {
            b.setNull(i);
        } else {
            ((BaseLargeVariableWidthVector) v).setNull(i);
        }
    }

    private void setRandom(FieldVector v, int i) {
        ArrowType type = v.getField().getType();
        switch (type.getTypeID()) {
            case Utf8, LargeUtf8 -> setBytes(v, i, string().getBytes(StandardCharsets.UTF_8));
            case Binary, LargeBinary -> setBytes(v, i, bytes(rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(20)));
            case FixedSizeBinary -> ((FixedSizeBinaryVector) v).setSafe(i,
                    bytes(((ArrowType.FixedSizeBinary) type).getByteWidth()));
            case Decimal -> ((DecimalVector) v).setSafe(i, decimal((ArrowType.Decimal) type));
            case FloatingPoint -> {
                BaseFixedWidthVector f = (BaseFixedWidthVector) v;
                ensure(f, i);
                switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                    case HALF -> f.getDataBuffer().setShort(i * 2L, (short) rnd.nextInt());
                    case SINGLE -> f.getDataBuffer().setFloat(i * 4L, rnd.nextInt(4) == 0
                            ? SPECIAL_FLOATS[rnd.nextInt(SPECIAL_FLOATS.length)] : (float) (rnd.nextGaussian() * 1e3));
                    case DOUBLE -> f.getDataBuffer().setDouble(i * 8L, rnd.nextInt(4) == 0
                            ? SPECIAL_DOUBLES[rnd.nextInt(SPECIAL_DOUBLES.length)] : rnd.nextGaussian() * 1e9);
                }
            }
            default -> {
                BaseFixedWidthVector f = (BaseFixedWidthVector) v;
                ensure(f, i);
                long value = integer(type);
                ArrowBuf data = f.getDataBuffer();
                if (f instanceof BitVector) {
                    BitVectorHelper.setValidityBit(data, i, (int) (value & 1));
                    return;
                }
                switch (f.getTypeWidth()) {
                    case 1 -> data.setByte(i, (byte) value);
                    case 2 -> data.setShort(i * 2L, (short) value);
                    case 4 -> data.setInt(i * 4L, (int) value);
                    default -> data.setLong(i * 8L, value);
                }
            }
        }
    }

    private static void ensure(BaseFixedWidthVector f, int i) {
        while (i >= f.getValueCapacity()) {
            f.reAlloc();
        }
        f.setIndexDefined(i);
    }

    private long integer(ArrowType type) {
        long any = rnd.nextInt(5) == 0 ? List.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L).get(rnd.nextInt(5))
                : rnd.nextLong();
        return switch (type.getTypeID()) {
            case Timestamp -> ((ArrowType.Timestamp) type).getUnit() == TimeUnit.SECOND ? any >> 24 : any >> 1;
            case Date -> ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? rnd.nextInt(2_000_000) - 1_000_000
                    : (rnd.nextInt(2_000_000) - 1_000_000) * 86_400_000L;
            case Time -> switch (((ArrowType.Time) type).getUnit()) {
                case SECOND -> rnd.nextInt(86_400);
                case MILLISECOND -> rnd.nextInt(86_400_000);
                case MICROSECOND -> Math.floorMod(any, 86_400_000_000L);
                case NANOSECOND -> Math.floorMod(any, 86_400_000_000_000L);
            };
            default -> any;
        };
    }

    private static void setBytes(FieldVector v, int i, byte[] value) {
        if (v instanceof BaseVariableWidthVector b) {
            b.setSafe(i, value);
        } else {
            ((BaseLargeVariableWidthVector) v).setSafe(i, value);
        }
    }

    private String string() {
        int len = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(12);
        StringBuilder s = new StringBuilder();
        String alphabet = "abcXYZ 09_é✓\u00ff\uD83D\uDE00";
        for (int k = 0; k < len; k++) {
            int c = alphabet.codePointAt(alphabet.offsetByCodePoints(0, rnd.nextInt(alphabet.codePointCount(0,
                    alphabet.length()))));
            s.appendCodePoint(c);
        }
        return s.toString();
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    private BigDecimal decimal(ArrowType.Decimal type) {
        int digits = 1 + rnd.nextInt(type.getPrecision());
        StringBuilder s = new StringBuilder(rnd.nextBoolean() ? "-" : "");
        for (int k = 0; k < digits; k++) {
            s.append((char) ('0' + rnd.nextInt(10)));
        }
        return new BigDecimal(new BigInteger(s.toString()), type.getScale());
    }
}
