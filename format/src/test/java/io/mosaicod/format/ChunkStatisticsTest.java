package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampSecTZVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The statistics a finished chunk reports, per kind of column, across several batches. */
@Tag("fast")
class ChunkStatisticsTest {

    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        allocator.close(); // fails if a test leaked Arrow memory
    }

    private static Field nullable(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.nullable(type), children.length == 0 ? null : List.of(children));
    }

    private static Field required(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.notNullable(type), children.length == 0 ? null : List.of(children));
    }

    private static final ArrowType INT64 = new ArrowType.Int(64, true);
    private static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

    /** Writes one batch per filler (each fills {@code rows} rows) and returns the summary. */
    private ChunkSummary write(Schema schema, WriterProfile profile, int rows, List<Consumer<VectorSchemaRoot>> fillers)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ChunkWriter writer = ChunkWriter.open(out, "stats", schema, profile)) {
            for (Consumer<VectorSchemaRoot> filler : fillers) {
                try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
                    root.allocateNew();
                    filler.accept(root);
                    root.setRowCount(rows);
                    writer.write(root);
                }
            }
            return writer.finish();
        }
    }

    @Test
    void numericColumnsReportMinMaxNullsAndNans() throws IOException {
        Schema schema = new Schema(List.of(required("timestamp_ns", INT64), nullable("count", new ArrowType.Int(32, true)),
                nullable("reading", DOUBLE), nullable("flag", ArrowType.Bool.INSTANCE),
                nullable("big", new ArrowType.Int(64, false)), nullable("price", new ArrowType.Decimal(9, 2, 128)),
                nullable("at", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
                nullable("day", new ArrowType.Date(DateUnit.DAY)), nullable("empty", DOUBLE)));
        ChunkSummary summary = write(schema, WriterProfile.RAGGED, 3, List.of(root -> {
            BigIntVector ts = (BigIntVector) root.getVector("timestamp_ns");
            ts.setSafe(0, 10);
            ts.setSafe(1, 20);
            ts.setSafe(2, 20);
            IntVector count = (IntVector) root.getVector("count");
            count.setSafe(0, -5);
            count.setNull(1);
            count.setSafe(2, 7);
            Float8Vector reading = (Float8Vector) root.getVector("reading");
            reading.setSafe(0, 1.5);
            reading.setSafe(1, Double.NaN);
            reading.setSafe(2, -2.5);
            BitVector flag = (BitVector) root.getVector("flag");
            flag.setSafe(0, 1);
            flag.setSafe(1, 1);
            flag.setSafe(2, 1);
            UInt8Vector big = (UInt8Vector) root.getVector("big");
            big.setSafe(0, -1L); // 2^64 - 1 unsigned
            big.setSafe(1, 3L);
            big.setNull(2);
            DecimalVector price = (DecimalVector) root.getVector("price");
            price.setSafe(0, new BigDecimal("12.34"));
            price.setSafe(1, new BigDecimal("-0.50"));
            price.setSafe(2, new BigDecimal("99.99"));
            TimeStampSecTZVector at = (TimeStampSecTZVector) root.getVector("at");
            at.setSafe(0, 1_700_000_000L);
            at.setSafe(1, 1_600_000_000L);
            at.setSafe(2, 1_650_000_000L);
            DateDayVector day = (DateDayVector) root.getVector("day");
            day.setSafe(0, 19000);
            day.setSafe(1, -3);
            day.setSafe(2, 0);
            Float8Vector empty = (Float8Vector) root.getVector("empty");
            empty.setNull(0);
            empty.setNull(1);
            empty.setNull(2);
        }, root -> {
            BigIntVector ts = (BigIntVector) root.getVector("timestamp_ns");
            ts.setSafe(0, 30);
            ts.setSafe(1, 40);
            ts.setSafe(2, 50);
            IntVector count = (IntVector) root.getVector("count");
            count.setSafe(0, 100);
            count.setSafe(1, 0);
            count.setSafe(2, 1);
            Float8Vector reading = (Float8Vector) root.getVector("reading");
            reading.setSafe(0, Double.POSITIVE_INFINITY);
            reading.setSafe(1, 0.0);
            reading.setSafe(2, 0.0);
            BitVector flag = (BitVector) root.getVector("flag");
            flag.setSafe(0, 1);
            flag.setNull(1);
            flag.setSafe(2, 1);
            for (String name : List.of("big", "price", "at", "day", "empty")) {
                for (int i = 0; i < 3; i++) {
                    ((org.apache.arrow.vector.BaseFixedWidthVector) root.getVector(name)).setNull(i);
                }
            }
        }));
        assertThat(summary.rowCount()).isEqualTo(6);
        assertThat(summary.minTimestampNs()).isEqualTo(10L);
        assertThat(summary.maxTimestampNs()).isEqualTo(50L);
        assertThat(summary.sortedByTimestamp()).isTrue();
        assertThat(summary.statistics("timestamp_ns")).isEqualTo(new ColumnStatistics.Numeric("timestamp_ns", 10.0, 50.0, false, false));
        assertThat(summary.statistics("count")).isEqualTo(new ColumnStatistics.Numeric("count", -5.0, 100.0, true, false));
        assertThat(summary.statistics("reading"))
                .isEqualTo(new ColumnStatistics.Numeric("reading", -2.5, Double.POSITIVE_INFINITY, false, true));
        assertThat(summary.statistics("flag")).isEqualTo(new ColumnStatistics.Numeric("flag", 1.0, 1.0, true, false));
        assertThat(summary.statistics("big")).isEqualTo(new ColumnStatistics.Numeric("big", 3.0, 18446744073709551615.0, true, false));
        assertThat(summary.statistics("price")).isEqualTo(new ColumnStatistics.Numeric("price", -0.5, 99.99, true, false));
        assertThat(summary.statistics("at"))
                .isEqualTo(new ColumnStatistics.Numeric("at", 1_600_000_000.0, 1_700_000_000.0, true, false));
        assertThat(summary.statistics("day")).isEqualTo(new ColumnStatistics.Numeric("day", -3.0, 19000.0, true, false));
        assertThat(summary.statistics("empty")).isEqualTo(new ColumnStatistics.Numeric("empty", null, null, true, false));
        assertThat(summary.arrowSizeBytes()).isPositive();
    }

    /** Decimals wider than a long are compared as 128-bit integers, on both writers' paths. */
    @Test
    void wideDecimalsReportTheirExtremes() throws IOException {
        Schema schema = new Schema(List.of(nullable("amount", new ArrowType.Decimal(38, 2, 128))));
        for (WriterProfile profile : WriterProfile.values()) {
            ChunkSummary summary = write(schema, profile, 4, List.of(root -> {
                DecimalVector amount = (DecimalVector) root.getVector("amount");
                amount.setSafe(0, new BigDecimal("5.00"));
                amount.setSafe(1, new BigDecimal("-123456789012345678901234567.89"));
                amount.setNull(2);
                amount.setSafe(3, new BigDecimal("98765432109876543210987654.32"));
            }));
            assertThat(summary.statistics("amount")).as("profile %s", profile).isEqualTo(new ColumnStatistics.Numeric(
                    "amount", -123456789012345678901234567.89, 98765432109876543210987654.32, true, false));
        }
    }

    @Test
    void textColumnsOrderByBytesAndBinaryColumnsHaveNoStatistics() throws IOException {
        Schema schema = new Schema(List.of(nullable("label", ArrowType.Utf8.INSTANCE),
                nullable("blob", ArrowType.Binary.INSTANCE)));
        ChunkSummary summary = write(schema, WriterProfile.DEFAULT, 4, List.of(root -> {
            VarCharVector label = (VarCharVector) root.getVector("label");
            label.setSafe(0, "b".getBytes(StandardCharsets.UTF_8));
            label.setSafe(1, "é".getBytes(StandardCharsets.UTF_8));
            label.setSafe(2, "".getBytes(StandardCharsets.UTF_8));
            label.setNull(3);
            VarBinaryVector blob = (VarBinaryVector) root.getVector("blob");
            for (int i = 0; i < 4; i++) {
                blob.setSafe(i, new byte[] {(byte) i});
            }
        }));
        assertThat(summary.statistics("label")).isEqualTo(new ColumnStatistics.Text("label", "", "é", true));
        assertThat(summary.statistics("blob")).isNull();
        assertThat(summary.sortedByTimestamp()).isFalse();
        assertThat(summary.minTimestampNs()).isNull();
    }

    @Test
    void structFieldsAreFlattenedAndListsAndMapsReportTheirElements() throws IOException {
        Field gps = nullable("gps", ArrowType.Struct.INSTANCE, nullable("lat", DOUBLE), nullable("name", ArrowType.Utf8.INSTANCE));
        Field values = nullable("values", ArrowType.List.INSTANCE, nullable("item", DOUBLE));
        Field tags = nullable("tags", new ArrowType.Map(false), required("entries", ArrowType.Struct.INSTANCE,
                required("key", ArrowType.Utf8.INSTANCE), nullable("value", new ArrowType.Int(32, true))));
        Schema schema = new Schema(List.of(gps, values, tags), Map.of("topic", "imu"));
        ChunkSummary summary = write(schema, WriterProfile.IMAGE, 3, List.of(root -> {
            StructVector g = (StructVector) root.getVector("gps");
            Float8Vector lat = (Float8Vector) g.getChild("lat");
            VarCharVector name = (VarCharVector) g.getChild("name");
            g.setIndexDefined(0);
            lat.setSafe(0, 45.0);
            name.setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
            g.setNull(1);
            lat.setNull(1);
            name.setNull(1);
            g.setIndexDefined(2);
            lat.setSafe(2, 46.5);
            name.setSafe(2, "z".getBytes(StandardCharsets.UTF_8));

            ListVector list = (ListVector) root.getVector("values");
            Float8Vector item = (Float8Vector) list.getDataVector();
            list.startNewValue(0);
            item.setSafe(0, 3.0);
            item.setSafe(1, -1.0);
            list.endValue(0, 2);
            list.startNewValue(1);
            list.endValue(1, 0); // empty: not a null
            list.startNewValue(2);
            item.setSafe(2, 8.0);
            list.endValue(2, 1);
            item.setValueCount(3);

            MapVector map = (MapVector) root.getVector("tags");
            StructVector entries = (StructVector) map.getDataVector();
            VarCharVector key = (VarCharVector) entries.getChild("key");
            IntVector value = (IntVector) entries.getChild("value");
            map.startNewValue(0);
            entries.setIndexDefined(0);
            key.setSafe(0, "k1".getBytes(StandardCharsets.UTF_8));
            value.setSafe(0, 5);
            entries.setIndexDefined(1);
            key.setSafe(1, "k0".getBytes(StandardCharsets.UTF_8));
            value.setNull(1);
            map.endValue(0, 2);
            map.setNull(1);
            map.startNewValue(2);
            map.endValue(2, 0);
            entries.setValueCount(2);
        }));
        assertThat(summary.columnStatistics()).containsExactly(
                new ColumnStatistics.Numeric("gps.lat", 45.0, 46.5, true, false),
                new ColumnStatistics.Text("gps.name", "a", "z", true),
                new ColumnStatistics.Numeric("values", -1.0, 8.0, false, false),
                new ColumnStatistics.Text("tags.key", "k0", "k1", true),
                new ColumnStatistics.Numeric("tags.value", 5.0, 5.0, true, false));
    }

    @Test
    void rowsOutOfTimeOrderOrWithNullsBeforeValuesAreNotSorted() throws IOException {
        Schema schema = new Schema(List.of(nullable("timestamp_ns", INT64)));
        ChunkSummary descending = write(schema, WriterProfile.RAGGED, 2, List.of(root -> {
            ((BigIntVector) root.getVector(0)).setSafe(0, 5);
            ((BigIntVector) root.getVector(0)).setSafe(1, 4);
        }));
        assertThat(descending.sortedByTimestamp()).isFalse();
        ChunkSummary nullsLast = write(schema, WriterProfile.RAGGED, 2, List.of(root -> {
            ((BigIntVector) root.getVector(0)).setSafe(0, 5);
            ((BigIntVector) root.getVector(0)).setNull(1);
        }));
        assertThat(nullsLast.sortedByTimestamp()).isTrue();
        assertThat(nullsLast.statistics("timestamp_ns"))
                .isEqualTo(new ColumnStatistics.Numeric("timestamp_ns", 5.0, 5.0, true, false));
        ChunkSummary nullFirst = write(schema, WriterProfile.RAGGED, 2, List.of(root -> {
            ((BigIntVector) root.getVector(0)).setNull(0);
            ((BigIntVector) root.getVector(0)).setSafe(1, 5);
        }));
        assertThat(nullFirst.sortedByTimestamp()).isFalse();
    }
}
