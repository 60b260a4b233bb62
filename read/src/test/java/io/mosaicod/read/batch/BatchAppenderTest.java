package io.mosaicod.read.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The kernels against Arrow's own reading of the vectors: every appended row must read back (through
 * {@code getObject}, an independent path) as the source row it came from, and every target vector must pass
 * Arrow's full structural validation (offsets, child lengths, buffer sizes).
 */
@Tag("fast")
class BatchAppenderTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final Schema SCHEMA = new Schema(List.of(
            field("timestamp_ns", new ArrowType.Int(64, true)),
            field("flag", ArrowType.Bool.INSTANCE),
            field("i8", new ArrowType.Int(8, true)),
            field("u16", new ArrowType.Int(16, false)),
            field("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
            field("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            field("amount", new ArrowType.Decimal(38, 4, 128)),
            field("day", new ArrowType.Date(DateUnit.DAY)),
            field("at", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
            field("id", new ArrowType.FixedSizeBinary(5)),
            field("label", ArrowType.Utf8.INSTANCE),
            field("note", ArrowType.LargeUtf8.INSTANCE),
            field("blob", ArrowType.Binary.INSTANCE),
            field("ints", ArrowType.List.INSTANCE, field("item", new ArrowType.Int(32, true))),
            field("names", ArrowType.LargeList.INSTANCE, field("item", ArrowType.Utf8.INSTANCE)),
            field("covariance", new ArrowType.FixedSizeList(3),
                    field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))),
            field("header", ArrowType.Struct.INSTANCE,
                    field("seq", new ArrowType.Int(32, true)),
                    field("inner", ArrowType.Struct.INSTANCE,
                            field("frame", ArrowType.Utf8.INSTANCE),
                            field("values", ArrowType.List.INSTANCE,
                                    field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))))),
            new Field("tags", FieldType.nullable(new ArrowType.Map(false)), List.of(
                    new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                            new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
                            field("value", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))))),
            field("points", ArrowType.List.INSTANCE, field("item", ArrowType.Struct.INSTANCE,
                    field("x", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                    field("raw", ArrowType.List.INSTANCE, field("item", ArrowType.LargeBinary.INSTANCE))))));

    private BufferAllocator allocator;
    private Random random;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        random = new Random(SEED.value());
    }

    @AfterEach
    void tearDown() {
        assertThat(allocator.getAllocatedMemory()).as("bytes still allocated").isZero();
        allocator.close();
    }

    @Test
    void rangesOfSeveralBatchesAppendedInTurnReadBackAsTheirSourceRows() {
        try (VectorSchemaRoot a = randomBatch(97); VectorSchemaRoot b = randomBatch(64);
             VectorSchemaRoot target = VectorSchemaRoot.create(SCHEMA, allocator)) {
            BatchAppender appender = new BatchAppender(target);
            List<Object[]> expected = new ArrayList<>();
            for (int step = 0; step < 40; step++) {
                VectorSchemaRoot from = random.nextBoolean() ? a : b;
                int start = random.nextInt(from.getRowCount() + 1);
                int count = random.nextInt(from.getRowCount() - start + 1);
                appender.appendRange(from, start, count);
                for (int r = start; r < start + count; r++) {
                    expected.add(rowOf(from, r));
                }
            }
            assertRows(appender.batch(), expected);
        }
    }

    @Test
    void rowsGatheredInAnyOrderWithRepeatsReadBackInThatOrder() {
        try (VectorSchemaRoot from = randomBatch(150); VectorSchemaRoot target = VectorSchemaRoot.create(SCHEMA, allocator)) {
            int[] order = new int[400];
            for (int i = 0; i < order.length; i++) {
                // runs of consecutive rows (joined into ranges) mixed with jumps and repeats
                order[i] = i > 0 && random.nextInt(3) > 0 ? Math.min(from.getRowCount() - 1, order[i - 1] + 1)
                        : random.nextInt(from.getRowCount());
            }
            BatchAppender appender = new BatchAppender(target);
            appender.appendRows(from, order, 0, 170);
            appender.appendRows(from, order, 170, order.length - 170);
            List<Object[]> expected = new ArrayList<>();
            for (int row : order) {
                expected.add(rowOf(from, row));
            }
            assertRows(appender.batch(), expected);
        }
    }

    @Test
    void rangesOfSeveralSourcesAddedInTurnAreAppendedTogetherInThatOrder() {
        try (VectorSchemaRoot a = randomBatch(80); VectorSchemaRoot b = randomBatch(60); VectorSchemaRoot c = randomBatch(5);
             VectorSchemaRoot target = VectorSchemaRoot.create(SCHEMA, allocator)) {
            BatchAppender appender = new BatchAppender(target);
            List<Object[]> expected = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                VectorSchemaRoot[] batches = {a, b, c};
                int[] numbers = new int[3];
                int generation = appender.generation();
                for (int s = 0; s < 3; s++) {
                    numbers[s] = appender.source(batches[s]);
                }
                for (int step = 0; step < 30; step++) {
                    int s = random.nextInt(3);
                    VectorSchemaRoot from = batches[s];
                    int start = random.nextInt(from.getRowCount());
                    int count = random.nextInt(Math.min(4, from.getRowCount() - start) + 1);
                    appender.addRange(numbers[s], start, count);
                    for (int r = start; r < start + count; r++) {
                        expected.add(rowOf(from, r));
                    }
                }
                assertThat(appender.rows()).isEqualTo(expected.size());
                appender.appendAdded();
                assertThat(appender.generation()).as("source numbers given up").isNotEqualTo(generation);
            }
            assertRows(appender.batch(), expected);
        }
    }

    @Test
    void aClearedTargetIsFilledAgainFromItsFirstRow() {
        try (VectorSchemaRoot from = randomBatch(120); VectorSchemaRoot target = VectorSchemaRoot.create(SCHEMA, allocator)) {
            BatchAppender appender = new BatchAppender(target);
            appender.appendRange(from, 0, 120);
            appender.batch();
            appender.clear();
            assertThat(target.getRowCount()).isZero();
            appender.appendRange(from, 7, 30);
            List<Object[]> expected = new ArrayList<>();
            for (int r = 7; r < 37; r++) {
                expected.add(rowOf(from, r));
            }
            assertRows(appender.batch(), expected);
            for (FieldVector v : target.getFieldVectors()) { // 30 rows: each bitmap ends inside a byte
                assertBitmapsZeroPastValues(v);
            }
        }
    }

    /** Bits past a vector's values, in its validity and (booleans) its values, as a freshly reset vector has them. */
    private static void assertBitmapsZeroPastValues(FieldVector vector) {
        if (!(vector instanceof NonNullableStructVector) || vector instanceof StructVector) {
            assertZeroFrom(vector.getValidityBuffer(), vector.getValueCount(), vector.getName() + " validity");
        }
        if (vector instanceof BitVector) {
            assertZeroFrom(vector.getDataBuffer(), vector.getValueCount(), vector.getName() + " values");
        }
        for (FieldVector child : vector.getChildrenFromFields()) {
            assertBitmapsZeroPastValues(child);
        }
    }

    private static void assertZeroFrom(ArrowBuf bitmap, int firstBit, String what) {
        for (long bit = firstBit; bit < bitmap.capacity() * 8; bit++) {
            assertThat(BitVectorHelper.get(bitmap, (int) bit)).as("%s bit %d", what, bit).isZero();
        }
    }

    @Test
    void rowsOutsideTheSourceAreRefusedBeforeAnythingIsCopied() {
        try (VectorSchemaRoot from = randomBatch(10); VectorSchemaRoot target = VectorSchemaRoot.create(SCHEMA, allocator)) {
            BatchAppender appender = new BatchAppender(target);
            assertThatThrownBy(() -> appender.appendRange(from, 5, 6)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("outside");
            assertThatThrownBy(() -> appender.appendRows(from, new int[] {3, 10}, 0, 2))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(appender.rows()).isZero();
        }
    }

    private void assertRows(VectorSchemaRoot batch, List<Object[]> expected) {
        assertThat(batch.getRowCount()).isEqualTo(expected.size());
        for (FieldVector v : batch.getFieldVectors()) {
            validate(v);
        }
        for (int r = 0; r < expected.size(); r++) {
            assertThat(rowOf(batch, r)).as("row %d", r).containsExactly(expected.get(r));
        }
    }

    /**
     * Arrow's full validation for leaves; containers are checked here (Arrow 18's validator throws on fixed-size
     * lists and maps): ordered offsets from 0 that end at the child's length, and children as long as required.
     */
    private static void validate(ValueVector v) {
        if (v instanceof ListVector list) {
            int previous = list.getOffsetBuffer().getInt(0);
            assertThat(previous).as("first offset of %s", v.getName()).isZero();
            for (int i = 1; i <= list.getValueCount(); i++) {
                int offset = list.getOffsetBuffer().getInt(i * 4L);
                assertThat(offset).as("offset %d of %s", i, v.getName()).isGreaterThanOrEqualTo(previous);
                previous = offset;
            }
            assertThat(list.getDataVector().getValueCount()).as("elements of %s", v.getName()).isEqualTo(previous);
            validate(list.getDataVector());
        } else if (v instanceof FixedSizeListVector list) {
            assertThat(list.getDataVector().getValueCount()).isEqualTo(list.getValueCount() * list.getListSize());
            validate(list.getDataVector());
        } else if (v instanceof StructVector struct) {
            for (int i = 0; i < struct.size(); i++) {
                assertThat(struct.getChildByOrdinal(i).getValueCount()).isEqualTo(struct.getValueCount());
                validate(struct.getChildByOrdinal(i));
            }
        } else {
            ValueVectorUtility.validateFull(v);
        }
    }

    private static Object[] rowOf(VectorSchemaRoot batch, int row) {
        Object[] values = new Object[batch.getFieldVectors().size()];
        for (int c = 0; c < values.length; c++) {
            values[c] = canonical(batch.getVector(c).getObject(row));
        }
        return values;
    }

    /** getObject's values with byte arrays turned into comparable text, recursively. */
    private static Object canonical(Object value) {
        if (value instanceof byte[] bytes) {
            return HexFormat.of().formatHex(bytes);
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(canonical(v)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, canonical(v)));
            return out;
        }
        return value == null ? null : value.toString();
    }

    private VectorSchemaRoot randomBatch(int rows) {
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
        for (FieldVector v : batch.getFieldVectors()) {
            for (int r = 0; r < rows; r++) {
                fill(v, r, true);
            }
        }
        batch.setRowCount(rows);
        return batch;
    }

    /** Writes a random value (or null, where allowed) at {@code index}; returns nothing but sets child slots too. */
    private void fill(ValueVector v, int index, boolean nullable) {
        boolean isNull = nullable && random.nextInt(6) == 0;
        if (v instanceof BitVector bits) {
            if (isNull) {
                bits.setNull(index);
            } else {
                bits.setSafe(index, random.nextInt(2));
            }
        } else if (v instanceof BaseFixedWidthVector fixed) {
            while (fixed.getValueCapacity() <= index) {
                fixed.reAlloc();
            }
            int width = fixed.getTypeWidth();
            for (int b = 0; b < width; b++) {
                // small values keep dates and times convertible by getObject
                byte value = b < 2 ? (byte) random.nextInt() : b == width - 1 ? 0 : (byte) random.nextInt(2);
                fixed.getDataBuffer().setByte((long) index * width + b, value);
            }
            BitVectorHelper.setValidityBit(fixed.getValidityBuffer(), index, isNull ? 0 : 1);
        } else if (v instanceof BaseVariableWidthVector bytes) {
            if (isNull) {
                bytes.setNull(index);
            } else {
                bytes.setSafe(index, randomBytes(bytes));
            }
        } else if (v instanceof BaseLargeVariableWidthVector bytes) {
            if (isNull) {
                bytes.setNull(index);
            } else {
                bytes.setSafe(index, randomBytes(bytes));
            }
        } else if (v instanceof FixedSizeListVector list) {
            if (isNull) {
                list.setNull(index);
            } else {
                list.setNotNull(index);
            }
            for (int i = 0; i < list.getListSize(); i++) {
                fill(list.getDataVector(), index * list.getListSize() + i, true);
            }
        } else if (v instanceof ListVector list) {
            int start = index == 0 ? 0 : list.getOffsetBuffer().getInt(index * 4L);
            if (isNull) {
                list.setNull(index);
                list.getOffsetBuffer().setInt((index + 1) * 4L, start);
                return;
            }
            int n = random.nextInt(4) == 0 ? 0 : random.nextInt(5);
            list.startNewValue(index);
            for (int i = 0; i < n; i++) {
                fill(list.getDataVector(), start + i, !(list.getDataVector() instanceof StructVector s && isMapEntries(s)));
            }
            list.endValue(index, n);
        } else if (v instanceof LargeListVector list) {
            long start = index == 0 ? 0 : list.getOffsetBuffer().getLong(index * 8L);
            if (isNull) {
                list.setNull(index);
                list.getOffsetBuffer().setLong((index + 1) * 8L, start);
                return;
            }
            int n = random.nextInt(5);
            list.startNewValue(index);
            for (int i = 0; i < n; i++) {
                fill(list.getDataVector(), (int) start + i, true);
            }
            list.endValue(index, n);
        } else if (v instanceof StructVector struct) {
            if (isNull) {
                struct.setNull(index);
            } else {
                struct.setIndexDefined(index);
            }
            for (int i = 0; i < struct.size(); i++) {
                ValueVector child = struct.getChildByOrdinal(i);
                fill(child, index, child.getField().isNullable());
            }
        } else {
            throw new IllegalStateException("no filler for " + v.getMinorType());
        }
    }

    private static boolean isMapEntries(StructVector s) {
        return !s.getField().isNullable();
    }

    private byte[] randomBytes(ValueVector v) {
        int length = random.nextInt(4) == 0 ? 0 : random.nextInt(40);
        if (v.getField().getType() instanceof ArrowType.Utf8 || v.getField().getType() instanceof ArrowType.LargeUtf8) {
            return "é".repeat(length / 2).concat(length % 2 == 0 ? "" : "x").getBytes(StandardCharsets.UTF_8);
        }
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static Field field(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.nullable(type), List.of(children));
    }
}
