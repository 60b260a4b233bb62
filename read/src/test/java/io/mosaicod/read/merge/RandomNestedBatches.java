package io.mosaicod.read.merge;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
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
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Random batches for {@link RandomNestedSchema} schemas, with given {@code timestamp_ns} values. Everything
 * Arrow allows shows up: nulls at every nullable level; null structs over children that still hold values;
 * null lists, empty lists and long lists; null lists and null strings whose offsets still span elements or
 * bytes (legal Arrow: a null slot's range means nothing); null fixed-width slots with bits behind them;
 * long and empty strings; NaN, ±Inf, -0.0, subnormals and extreme integers and decimals. Values stay in
 * the ranges the Parquet codec stores exactly (timestamp[s] is stored in milliseconds, date64 in days).
 * Non-nullable fields hold no nulls.
 */
final class RandomNestedBatches {
    private static final double[] SPECIAL_DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        -0.0, 0.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL, -4.9e-320};
    private static final float[] SPECIAL_FLOATS = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        -0.0f, 0.0f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, Float.MIN_NORMAL};
    private static final long[] SPECIAL_LONGS = {0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE, 0xFFFFFFFFL, Short.MIN_VALUE, 255, 128, -128};
    private static final String ALPHABET = "abcXYZ 09_é✓\u00ff\uD83D\uDE00\n\"\\";

    private final Random rnd;
    /** Probability of a null in a nullable slot, drawn per batch. */
    private double nullProbability;
    /** Probability that a non-null list is empty, drawn per batch. */
    private double emptyProbability;

    RandomNestedBatches(Random rnd) {
        this.rnd = rnd;
    }

    /**
     * About how many leaf values one row of {@code schema} holds, so a case can size its row count: lists
     * count as 3 elements, fixed-size lists as their size.
     */
    static double valuesPerRow(Schema schema) {
        double total = 0;
        for (Field f : schema.getFields()) {
            total += valuesPerSlot(f);
        }
        return total;
    }

    private static double valuesPerSlot(Field f) {
        return switch (f.getType().getTypeID()) {
            case Struct -> f.getChildren().stream().mapToDouble(RandomNestedBatches::valuesPerSlot).sum();
            case List, LargeList, Map -> 3 * valuesPerSlot(f.getChildren().get(0));
            case FixedSizeList -> ((ArrowType.FixedSizeList) f.getType()).getListSize()
                    * valuesPerSlot(f.getChildren().get(0));
            default -> 1;
        };
    }

    /** A batch whose {@code timestamp_ns} holds {@code timestamps} (null: a null timestamp). */
    VectorSchemaRoot batch(Schema schema, List<Long> timestamps, BufferAllocator allocator) {
        nullProbability = List.of(0.0, 0.1, 0.3, 0.9).get(rnd.nextInt(4));
        emptyProbability = List.of(0.0, 0.2, 0.6).get(rnd.nextInt(3));
        int n = timestamps.size();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        try {
            for (FieldVector v : root.getFieldVectors()) {
                if (v.getName().equals(TimestampColumn.NAME)) {
                    BigIntVector ts = (BigIntVector) v;
                    ts.allocateNew(n);
                    for (int i = 0; i < n; i++) {
                        if (timestamps.get(i) == null) {
                            ts.setNull(i);
                        } else {
                            ts.set(i, timestamps.get(i));
                        }
                    }
                    ts.setValueCount(n);
                } else {
                    fill(v, n, 1);
                }
            }
            root.setRowCount(n);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    private void fill(FieldVector v, int n, int depth) {
        boolean nullable = v.getField().isNullable();
        if (v instanceof StructVector s) {
            for (int i = 0; i < n; i++) {
                if (nullable && isNull()) {
                    s.setNull(i);
                } else {
                    s.setIndexDefined(i);
                }
            }
            // children of a null struct are filled like any other row: Arrow ignores them
            for (FieldVector child : s.getChildrenFromFields()) {
                fill(child, n, depth + 1);
            }
        } else if (v instanceof ListVector l) { // and MapVector
            int total = 0;
            for (int i = 0; i < n; i++) {
                boolean isNull = nullable && isNull();
                int size = isNull && rnd.nextInt(4) != 0 ? 0 : listSize(depth);
                l.startNewValue(i);
                l.endValue(i, size);
                total += size;
                if (isNull) {
                    BitVectorHelper.unsetBit(l.getValidityBuffer(), i);
                }
            }
            fill(l.getDataVector(), total, depth + 1);
        } else if (v instanceof LargeListVector l) {
            long total = 0;
            for (int i = 0; i < n; i++) {
                boolean isNull = nullable && isNull();
                int size = isNull && rnd.nextInt(4) != 0 ? 0 : listSize(depth);
                l.startNewValue(i);
                l.endValue(i, size);
                total += size;
                if (isNull) {
                    BitVectorHelper.unsetBit(l.getValidityBuffer(), i);
                }
            }
            fill(l.getDataVector(), Math.toIntExact(total), depth + 1);
        } else if (v instanceof FixedSizeListVector l) {
            for (int i = 0; i < n; i++) {
                if (nullable && isNull()) {
                    l.setNull(i);
                } else {
                    l.setNotNull(i);
                }
            }
            fill(l.getDataVector(), n * l.getListSize(), depth + 1);
        } else {
            for (int i = 0; i < n; i++) {
                if (nullable && isNull()) {
                    if (rnd.nextInt(3) == 0) {
                        setRandom(v, i); // a null whose slot still holds a value or bytes
                    }
                    setNull(v, i);
                } else {
                    setRandom(v, i);
                }
            }
        }
        v.setValueCount(n);
    }

    private boolean isNull() {
        return rnd.nextDouble() < nullProbability;
    }

    private int listSize(int depth) {
        if (rnd.nextDouble() < emptyProbability) {
            return 0;
        }
        int r = rnd.nextInt(20);
        if (r == 0 && depth <= 2) {
            return 4 + rnd.nextInt(30); // a long list
        }
        return r < 8 ? 1 : 1 + rnd.nextInt(3);
    }

    private static void setNull(FieldVector v, int i) {
        if (v instanceof BaseFixedWidthVector f) {
            while (i >= f.getValueCapacity()) {
                f.reAlloc();
            }
            BitVectorHelper.unsetBit(f.getValidityBuffer(), i);
        } else if (v instanceof BaseVariableWidthVector b) {
            if (b.getLastSet() >= i) { // the slot holds bytes already: keep them, only clear the bit
                BitVectorHelper.unsetBit(b.getValidityBuffer(), i);
            } else {
                b.setNull(i);
            }
        } else if (v instanceof BaseLargeVariableWidthVector b) {
            if (b.getLastSet() >= i) {
                BitVectorHelper.unsetBit(b.getValidityBuffer(), i);
            } else {
                b.setNull(i);
            }
        } else {
            throw new IllegalStateException("no null for " + v.getField());
        }
    }

    private void setRandom(FieldVector v, int i) {
        ArrowType type = v.getField().getType();
        switch (type.getTypeID()) {
            case Utf8, LargeUtf8 -> setBytes(v, i, string().getBytes(StandardCharsets.UTF_8));
            case Binary, LargeBinary -> setBytes(v, i, bytes(rnd.nextInt(40) == 0 ? 1000 + rnd.nextInt(7000)
                    : rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(24)));
            case FixedSizeBinary -> ((FixedSizeBinaryVector) v).setSafe(i,
                    bytes(((ArrowType.FixedSizeBinary) type).getByteWidth()));
            case Decimal -> ((DecimalVector) v).setSafe(i, decimal((ArrowType.Decimal) type));
            case Bool -> ((BitVector) v).setSafe(i, rnd.nextInt(2));
            case FloatingPoint -> {
                BaseFixedWidthVector f = defined((BaseFixedWidthVector) v, i);
                ArrowBuf data = f.getDataBuffer();
                switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                    case HALF -> data.setShort(i * 2L, (short) rnd.nextInt());
                    case SINGLE -> data.setFloat(i * 4L, switch (rnd.nextInt(4)) {
                        case 0 -> SPECIAL_FLOATS[rnd.nextInt(SPECIAL_FLOATS.length)];
                        case 1 -> Float.intBitsToFloat(rnd.nextInt() & 0x7F7FFFFF | (rnd.nextInt() & 0x80000000));
                        default -> (float) (rnd.nextGaussian() * 1e3);
                    });
                    case DOUBLE -> data.setDouble(i * 8L, switch (rnd.nextInt(4)) {
                        case 0 -> SPECIAL_DOUBLES[rnd.nextInt(SPECIAL_DOUBLES.length)];
                        case 1 -> rnd.nextLong() * 1e-300 * rnd.nextDouble();
                        default -> rnd.nextGaussian() * 1e9;
                    });
                }
            }
            default -> {
                BaseFixedWidthVector f = defined((BaseFixedWidthVector) v, i);
                long value = integer(type);
                ArrowBuf data = f.getDataBuffer();
                switch (f.getTypeWidth()) {
                    case 1 -> data.setByte(i, (byte) value);
                    case 2 -> data.setShort(i * 2L, (short) value);
                    case 4 -> data.setInt(i * 4L, (int) value);
                    case 8 -> data.setLong(i * 8L, value);
                    default -> throw new IllegalStateException("unexpected width " + f.getTypeWidth() + " of "
                            + f.getField());
                }
            }
        }
    }

    private static BaseFixedWidthVector defined(BaseFixedWidthVector f, int i) {
        while (i >= f.getValueCapacity()) {
            f.reAlloc();
        }
        f.setIndexDefined(i);
        return f;
    }

    private long integer(ArrowType type) {
        long any = rnd.nextInt(4) == 0 ? SPECIAL_LONGS[rnd.nextInt(SPECIAL_LONGS.length)] : rnd.nextLong();
        return switch (type.getTypeID()) {
            // stored in milliseconds: keep seconds within what milliseconds can hold
            case Timestamp -> ((ArrowType.Timestamp) type).getUnit() == TimeUnit.SECOND ? any / 1000 : any;
            case Date -> ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? (int) any
                    : (long) (int) any * 86_400_000L; // date64 is stored in days
            case Time -> switch (((ArrowType.Time) type).getUnit()) {
                case SECOND -> Math.floorMod(any, 86_400);
                case MILLISECOND -> Math.floorMod(any, 86_400_000);
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
        int len = switch (rnd.nextInt(40)) {
            case 0 -> 500 + rnd.nextInt(4000); // long
            case 1, 2, 3, 4, 5, 6, 7, 8, 9 -> 0;
            default -> 1 + rnd.nextInt(12);
        };
        StringBuilder s = new StringBuilder();
        int points = ALPHABET.codePointCount(0, ALPHABET.length());
        for (int k = 0; k < len; k++) {
            s.appendCodePoint(ALPHABET.codePointAt(ALPHABET.offsetByCodePoints(0, rnd.nextInt(points))));
        }
        return s.toString();
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    private BigDecimal decimal(ArrowType.Decimal type) {
        int digits = rnd.nextInt(4) == 0 ? type.getPrecision() : 1 + rnd.nextInt(type.getPrecision());
        StringBuilder s = new StringBuilder(rnd.nextBoolean() ? "-" : "");
        boolean nines = rnd.nextInt(5) == 0;
        for (int k = 0; k < digits; k++) {
            s.append(nines ? '9' : (char) ('0' + rnd.nextInt(10)));
        }
        return new BigDecimal(new BigInteger(s.toString()), type.getScale());
    }
}
