package io.mosaicod.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The full check of a loaded batch on the types Arrow Java's own validation refused although they were valid
 * (fixed-size lists, maps, half floats), and on what it must refuse: bodies that contradict themselves, and values
 * a chunk could not keep.
 */
class ColumnBodyCheckTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    @Test
    void validFixedSizeListsMapsAndHalfFloatsPass() throws Exception {
        try (FixedSizeListVector covariance = FixedSizeListVector.empty("covariance", 9, allocator);
             MapVector labels = MapVector.empty("labels", allocator, false);
             Float2Vector half = new Float2Vector("half", allocator)) {
            covariance.addOrGetVector(FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
            covariance.allocateNew();
            Float8Vector values = (Float8Vector) covariance.getDataVector();
            for (int i = 0; i < 18; i++) {
                values.setSafe(i, i);
            }
            values.setValueCount(18);
            covariance.setNotNull(0);
            covariance.setNull(1);
            covariance.setValueCount(2);

            UnionMapWriter writer = writeOneEntry(labels);
            writer.setPosition(1);
            writer.startMap();
            writer.endMap();
            labels.setValueCount(2);

            half.allocateNew(2);
            half.setWithPossibleTruncate(0, 1.5f);
            half.setNull(1);
            half.setValueCount(2);

            assertThatCode(() -> ColumnBodyCheck.check(List.of(covariance, labels, half))).doesNotThrowAnyException();
        }
    }

    @Test
    void aNullInAFieldDeclaredNotNullableIsRefused() {
        try (IntVector count = new IntVector("count", FieldType.notNullable(new ArrowType.Int(32, true)), allocator)) {
            count.allocateNew(3);
            count.set(0, 1);
            count.setNull(1);
            count.set(2, 3);
            count.setValueCount(3);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(count)))
                    .hasMessage("field `count` is declared not nullable but holds 1 null");
        }
    }

    @Test
    void aNullBelowANullParentIsFreeButBelowAPresentOneIsRefused() throws Exception {
        Field child = new Field("x", FieldType.notNullable(new ArrowType.Int(32, true)), null);
        try (StructVector point = new StructVector(new Field("point", FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(child)), allocator, null)) {
            point.allocateNew();
            IntVector x = (IntVector) point.getChild("x");
            x.allocateNew(2);
            x.setNull(0);
            x.set(1, 7);
            x.setValueCount(2);
            point.setNull(0);
            point.setIndexDefined(1);
            point.setValueCount(2);
            ColumnBodyCheck.check(List.of(point));

            point.setIndexDefined(0);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(point)))
                    .hasMessage("field `point.x` is declared not nullable but holds 1 null");
        }
    }

    @Test
    void aNullMapKeyIsRefusedNamingTheMapsKeys() {
        try (MapVector labels = MapVector.empty("labels", allocator, false)) {
            writeOneEntry(labels);
            labels.setValueCount(1);
            StructVector entries = (StructVector) labels.getDataVector();
            ((VarCharVector) entries.getChildrenFromFields().get(0)).setNull(0);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(labels)))
                    .hasMessage("field `labels.key` is declared not nullable but holds 1 null");
        }
    }

    @Test
    void aStringThatIsNotUtf8IsRefused() {
        try (VarCharVector names = new VarCharVector("names", allocator)) {
            names.allocateNew(2);
            names.setSafe(0, "ok".getBytes(StandardCharsets.UTF_8));
            names.setSafe(1, new byte[] {'a', (byte) 0xc0, (byte) 0x80});
            names.setValueCount(2);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(names)))
                    .hasMessage("field `names` holds a string that is not UTF-8 (value 1, byte 1)");
        }
    }

    @Test
    void decreasingListOffsetsAreRefused() {
        try (ListVector lists = ListVector.empty("points", allocator)) {
            lists.addOrGetVector(FieldType.nullable(new ArrowType.Int(32, true)));
            IntVector values = (IntVector) lists.getDataVector();
            values.allocateNew(4);
            values.setValueCount(4);
            lists.allocateNew();
            lists.startNewValue(0);
            lists.endValue(0, 3);
            lists.startNewValue(1);
            lists.endValue(1, 1);
            lists.setValueCount(2);
            lists.getOffsetBuffer().setInt(4, 4);
            lists.getOffsetBuffer().setInt(8, 2);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(lists)))
                    .hasMessage("field `points` has decreasing offsets at value 1 (4 then 2)");
        }
    }

    @Test
    void valuesAChunkCouldNotRescaleAreRefused() {
        try (TimeStampSecVector seconds = new TimeStampSecVector("t", allocator);
             DateMilliVector dates = new DateMilliVector("d", allocator)) {
            seconds.allocateNew(2);
            seconds.set(0, Long.MAX_VALUE / 1000);
            seconds.set(1, Long.MIN_VALUE);
            seconds.setValueCount(2);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(seconds)))
                    .hasMessageStartingWith("field `t` holds " + Long.MIN_VALUE + " s, beyond the ±");
            dates.allocateNew(1);
            dates.set(0, 86_400_001L);
            dates.setValueCount(1);
            assertThatThrownBy(() -> ColumnBodyCheck.check(List.of(dates)))
                    .hasMessage("field `d` holds the date64 86400001 ms, which is not a whole number of days");
        }
    }

    @Test
    void utf8IsJudgedByRfc3629() {
        assertThat(firstInvalid("robot 🤖 ßüñ 日本")).isEqualTo(-1);
        assertThat(firstInvalid(0xc0, 0x80)).as("overlong").isZero();
        assertThat(firstInvalid(0xe0, 0x80, 0x80)).as("overlong, 3 bytes").isZero();
        assertThat(firstInvalid('a', 0xed, 0xa0, 0x80)).as("surrogate").isEqualTo(1);
        assertThat(firstInvalid(0xf4, 0x90, 0x80, 0x80)).as("above U+10FFFF").isZero();
        assertThat(firstInvalid('a', 'b', 0xe2, 0x82)).as("cut short").isEqualTo(2);
        assertThat(firstInvalid(0x80)).as("a lone continuation byte").isZero();
    }

    /** Map 0 of {@code labels} is {@code {"a": 1}}; the writer, for the maps that follow. */
    private static UnionMapWriter writeOneEntry(MapVector labels) {
        UnionMapWriter writer = labels.getWriter();
        writer.setPosition(0);
        writer.startMap();
        writer.startEntry();
        writer.key().varChar().writeVarChar("a");
        writer.value().integer().writeInt(1);
        writer.endEntry();
        writer.endMap();
        return writer;
    }

    private long firstInvalid(String text) {
        return firstInvalid(text.getBytes(StandardCharsets.UTF_8));
    }

    private long firstInvalid(int... bytes) {
        byte[] raw = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            raw[i] = (byte) bytes[i];
        }
        return firstInvalid(raw);
    }

    private long firstInvalid(byte[] raw) {
        try (ArrowBuf buffer = allocator.buffer(Math.max(1, raw.length))) {
            buffer.setBytes(0, raw);
            return Utf8Check.firstInvalid(buffer.memoryAddress(), raw.length);
        }
    }
}
