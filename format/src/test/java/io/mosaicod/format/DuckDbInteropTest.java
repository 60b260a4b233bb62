package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB, an independent Parquet implementation, reads every chunk the writer produces and sees the same
 * values; the reader reads what DuckDB writes. Values are compared as text built the same way on both
 * sides (floating point as doubles), leaf by leaf, struct fields through their parents' nulls.
 */
class DuckDbInteropTest {

    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final List<ArrowType> DUCKDB_LEAVES = List.of(
            ArrowType.Bool.INSTANCE, new ArrowType.Int(8, true), new ArrowType.Int(16, true),
            new ArrowType.Int(32, true), new ArrowType.Int(64, true), new ArrowType.Int(8, false),
            new ArrowType.Int(16, false), new ArrowType.Int(32, false), new ArrowType.Int(64, false),
            new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
            new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
            ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE, ArrowType.Binary.INSTANCE,
            new ArrowType.FixedSizeBinary(5),
            new ArrowType.Timestamp(TimeUnit.SECOND, null), new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), new ArrowType.Date(DateUnit.DAY),
            new ArrowType.Decimal(9, 2, 128), new ArrowType.Decimal(38, 10, 128));

    /** Marks a select expression whose value is fetched as a double. */
    private static final String FLOAT_MARK = "/*double*/";

    @TempDir
    static Path dir;
    private static Connection duckdb;
    private static BufferAllocator allocator;

    @BeforeAll
    static void start() throws SQLException {
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        allocator = new RootAllocator();
    }

    @AfterAll
    static void stop() throws SQLException {
        duckdb.close();
        allocator.close();
    }

    @Test
    void duckDbReadsEveryChunkTheWriterProducesWithTheSameValues() throws Exception {
        Random rnd = new Random(SEED.value());
        for (int c = 0; c < 25; c++) {
            RandomBatches generator = new RandomBatches(rnd, DUCKDB_LEAVES, 2);
            Schema schema = generator.schema();
            WriterProfile profile = WriterProfile.values()[c % 3];
            Path file = dir.resolve("ours-" + c + ".parquet");
            List<VectorSchemaRoot> written = new ArrayList<>();
            try {
                try (OutputStream out = Files.newOutputStream(file);
                     ChunkWriter writer = ChunkWriter.open(out, file.toString(), schema, profile, 1 + rnd.nextInt(20_000))) {
                    for (int b = 0; b < 1 + rnd.nextInt(3); b++) {
                        VectorSchemaRoot batch = generator.batch(schema, rnd.nextInt(200), allocator);
                        written.add(batch);
                        writer.write(batch);
                    }
                    writer.finish();
                }
                List<String> expected = new ArrayList<>();
                for (VectorSchemaRoot batch : written) {
                    expected.addAll(rows(batch));
                }
                assertThat(duckDbRows(file, schema)).as("file %s, profile %s, schema %s", c, profile, schema)
                        .containsExactlyElementsOf(expected);
            } finally {
                written.forEach(VectorSchemaRoot::close);
            }
        }
    }

    @Test
    void readerReadsWhatDuckDbWrites() throws Exception {
        Path file = dir.resolve("duckdb.parquet");
        try (Statement s = duckdb.createStatement()) {
            s.execute("COPY (SELECT i::BIGINT AS timestamp_ns, i % 7 = 0 AS flag, (i % 100)::TINYINT AS small,"
                    + " CASE WHEN i % 5 = 0 THEN NULL ELSE i * 1.5 END AS reading,"
                    + " 'row ' || i AS label, ('x' || i)::BLOB AS payload, (i * 0.01)::DECIMAL(9,2) AS price,"
                    + " (i * 0.001)::DECIMAL(18,3) AS wide_price,"
                    + " TIMESTAMP '2024-01-01' + INTERVAL (i) SECOND AS at, DATE '2020-02-02' + i::INT AS day,"
                    + " (i % 200)::UTINYINT AS unsigned_byte,"
                    + " {'lat': i / 3.0, 'name': CASE WHEN i % 4 = 0 THEN NULL ELSE 'n' || i END} AS gps,"
                    + " CASE WHEN i % 6 = 0 THEN NULL ELSE [i, i + 1, NULL] END AS ints,"
                    + " ['a' || i] AS words"
                    + " FROM range(5000) t(i)) TO '" + file + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
        }
        try (FileSource source = new FileSource(file);
             ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all().withBatchRows(777))) {
            Schema schema = reader.schema();
            assertThat(schema.findField("price").getType()).isEqualTo(new ArrowType.Decimal(9, 2, 128));
            assertThat(schema.findField("at").getType()).isEqualTo(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
            assertThat(schema.findField("gps").getType()).isEqualTo(ArrowType.Struct.INSTANCE);
            assertThat(schema.findField("ints").getType()).isEqualTo(ArrowType.List.INSTANCE);
            assertThat(reader.footer().rowGroups()).hasSizeGreaterThan(1);
            List<String> ours = new ArrayList<>();
            while (reader.loadNextBatch()) {
                ours.addAll(rows(reader.root()));
            }
            assertThat(ours).hasSize(5000).containsExactlyElementsOf(duckDbRows(file, schema));
        }
    }

    private static List<String> duckDbRows(Path file, Schema schema) throws SQLException {
        List<String> columns = new ArrayList<>(List.of("'row'"));
        for (Field f : schema.getFields()) {
            sqlColumns(f, "\"" + f.getName() + "\"", columns);
        }
        List<String> rows = new ArrayList<>();
        List<String> select = columns.stream().map(c -> c.replace(FLOAT_MARK, "")).toList();
        try (Statement s = duckdb.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + String.join(", ", select) + " FROM read_parquet('" + file
                     + "', file_row_number = true) ORDER BY file_row_number")) {
            int n = columns.size();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int j = 1; j <= n; j++) {
                    String v;
                    if (columns.get(j - 1).startsWith(FLOAT_MARK)) {
                        double d = rs.getDouble(j);
                        v = rs.wasNull() ? null : doubleText(d);
                    } else {
                        v = rs.getString(j);
                    }
                    row.append(j > 1 ? " | " : "").append(v == null ? "null" : v);
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** SQL expressions for the comparable leaves of {@code f}, in the order {@link #rows} renders them. */
    private static void sqlColumns(Field f, String expr, List<String> out) {
        ArrowType t = f.getType();
        switch (t.getTypeID()) {
            case Struct -> {
                for (Field c : f.getChildren()) {
                    sqlColumns(c, "struct_extract(" + expr + ", '" + c.getName() + "')", out);
                }
            }
            case List -> {
                if (listOfText(f)) {
                    out.add("to_json(" + expr + ")::VARCHAR");
                }
            }
            case FloatingPoint -> out.add(FLOAT_MARK + "CAST(" + expr + " AS DOUBLE)");
            case Binary, FixedSizeBinary -> out.add("hex(" + expr + ")");
            case Timestamp -> {
                String fn = switch (((ArrowType.Timestamp) t).getUnit()) {
                    case SECOND, MILLISECOND -> "epoch_ms";
                    case MICROSECOND -> "epoch_us";
                    case NANOSECOND -> "epoch_ns";
                };
                out.add(fn + "(" + expr + ")::VARCHAR");
            }
            case Date -> out.add("(" + expr + " - DATE '1970-01-01')::VARCHAR");
            default -> out.add(expr + "::VARCHAR");
        }
    }

    private static boolean listOfText(Field f) {
        ArrowType.ArrowTypeID element = f.getChildren().get(0).getType().getTypeID();
        return element == ArrowType.ArrowTypeID.Int || element == ArrowType.ArrowTypeID.Utf8;
    }

    private static List<String> rows(VectorSchemaRoot batch) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < batch.getRowCount(); i++) {
            List<String> values = new ArrayList<>(List.of("row"));
            for (FieldVector v : batch.getFieldVectors()) {
                render(v, i, false, values);
            }
            rows.add(String.join(" | ", values));
        }
        return rows;
    }

    private static void render(FieldVector v, int i, boolean parentNull, List<String> out) {
        ArrowType t = v.getField().getType();
        boolean isNull = parentNull || v.isNull(i);
        switch (t.getTypeID()) {
            case Struct -> {
                for (FieldVector c : ((StructVector) v).getChildrenFromFields()) {
                    render(c, i, isNull, out);
                }
                return;
            }
            case List -> {
                if (listOfText(v.getField())) {
                    out.add(isNull ? "null" : json((ListVector) v, i));
                }
                return;
            }
            default -> {
            }
        }
        out.add(isNull ? "null" : scalar(v, i));
    }

    private static String json(ListVector list, int i) {
        FieldVector data = list.getDataVector();
        StringBuilder s = new StringBuilder("[");
        for (int j = list.getElementStartIndex(i); j < list.getElementEndIndex(i); j++) {
            s.append(j > list.getElementStartIndex(i) ? "," : "");
            if (data.isNull(j)) {
                s.append("null");
            } else if (data.getField().getType().getTypeID() == ArrowType.ArrowTypeID.Utf8) {
                s.append('"').append(scalar(data, j)).append('"');
            } else {
                s.append(scalar(data, j));
            }
        }
        return s.append(']').toString();
    }

    private static String scalar(FieldVector v, int i) {
        ArrowType t = v.getField().getType();
        switch (t.getTypeID()) {
            case Bool:
                return ((BitVector) v).get(i) != 0 ? "true" : "false";
            case Int: {
                ArrowType.Int it = (ArrowType.Int) t;
                long raw = raw((BaseFixedWidthVector) v, i, it.getBitWidth() / 8, !it.getIsSigned());
                return it.getIsSigned() || it.getBitWidth() < 64 ? Long.toString(raw) : Long.toUnsignedString(raw);
            }
            case FloatingPoint: {
                double d = ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.SINGLE
                        ? ((BaseFixedWidthVector) v).getDataBuffer().getFloat(i * 4L)
                        : ((BaseFixedWidthVector) v).getDataBuffer().getDouble(i * 8L);
                return doubleText(d);
            }
            case Utf8:
            case LargeUtf8:
                return new String((byte[]) bytesOf(v, i), StandardCharsets.UTF_8);
            case Binary:
            case FixedSizeBinary:
                return HexFormat.of().withUpperCase().formatHex((byte[]) bytesOf(v, i));
            case Timestamp: {
                long raw = ((BaseFixedWidthVector) v).getDataBuffer().getLong(i * 8L);
                return Long.toString(((ArrowType.Timestamp) t).getUnit() == TimeUnit.SECOND ? raw * 1000 : raw);
            }
            case Date:
                return Integer.toString(((BaseFixedWidthVector) v).getDataBuffer().getInt(i * 4L));
            case Decimal:
                return ((DecimalVector) v).getObject(i).toPlainString();
            default:
                throw new IllegalArgumentException("no rendering for " + t);
        }
    }

    private static Object bytesOf(FieldVector v, int i) {
        Object o = v.getObject(i);
        return o instanceof byte[] b ? b : o.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static long raw(BaseFixedWidthVector v, int i, int width, boolean unsigned) {
        return switch (width) {
            case 1 -> unsigned ? v.getDataBuffer().getByte(i) & 0xFF : v.getDataBuffer().getByte(i);
            case 2 -> unsigned ? v.getDataBuffer().getShort(i * 2L) & 0xFFFF : v.getDataBuffer().getShort(i * 2L);
            case 4 -> unsigned ? v.getDataBuffer().getInt(i * 4L) & 0xFFFFFFFFL : v.getDataBuffer().getInt(i * 4L);
            default -> v.getDataBuffer().getLong(i * 8L);
        };
    }

    /** Floating point is compared as Java doubles on both sides, not as DuckDB's text. */
    private static String doubleText(double d) {
        return Double.toString(d);
    }
}
