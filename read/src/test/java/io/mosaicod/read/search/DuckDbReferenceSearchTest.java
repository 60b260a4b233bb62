package io.mosaicod.read.search;

import static io.mosaicod.read.search.OntologyFilters.conditions;
import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.QueryEngineLimits;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.read.cluster.Cluster;
import io.mosaicod.read.cluster.ClusterBuilder;
import io.mosaicod.read.cluster.MatchTimes;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.testkit.TestSeed;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ontology search of the production code ({@link TopicSearch}, with its chunk pruning, codec and matcher)
 * against DuckDB, which shares no code with us, reading the same chunk files. Each topic gets a random schema
 * (integers of every width, signed and unsigned, float32/float64 with NaN and infinities, utf8, bool, nested
 * structs, a list with nulls at every level) and several overlapping chunks, some unsorted inside; each random
 * filter is translated into a DuckDB WHERE clause that states SEARCH.md's contract, not DuckDB's own semantics
 * (see {@link #sql}).
 *
 * <p>Times are compared through clusters of dt = 1: the production API hands matching times only to a
 * {@link ClusterBuilder}, so every timestamp of a topic is distinct and a multiple of 10, which makes each
 * cluster a single match and the list of clusters the ordered list of matching times.
 */
class DuckDbReferenceSearchTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int TOPICS = 8;
    private static final int FILTERS_PER_TOPIC = 60;

    private static final String[] TEXTS = {"", "a", "ab", "b", "car", "cart", "c4r", "\u00e9t\u00e9"};
    private static final double[] FLOATS = {-1.5, -0.0, 0.0, 0.1, 0.5, 2, 3.25, 1e300, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.NaN};
    /** Float operands besides the rows' own values: between and beyond them, and not exact in float32 (0.1). */
    private static final double[] FLOAT_OPERANDS = {-2, -1.5, 0, 0.1, 0.3, 1, 2, 3.25, 4, 1e300, -1e300};


    @TempDir
    Path data;

    /** What a filter path can name. */
    private enum Kind { INT, FLOAT, TEXT, BOOL, STRUCT, LIST }

    /**
     * A column (or struct field) of the topic: its path below the tag, kind, integer width in bits and signedness
     * or float precision, and for a list the kind of its elements.
     */
    private record Column(String path, Kind kind, int bits, boolean unsigned, Column element) {
        static Column of(String path, Kind kind) {
            return new Column(path, kind, 0, false, null);
        }
    }

    /** A topic's random schema, the columns filters may name, and the operands its rows hold per path. */
    private static final class Shape {
        final List<Field> fields = new ArrayList<>();
        final Map<String, Column> columns = new LinkedHashMap<>();
        final Map<String, List<String>> held = new LinkedHashMap<>();

        Schema schema() {
            return new Schema(fields);
        }
    }

    @Test
    void randomFiltersAgreeWithDuckDbOverTheSameChunkFiles() throws Exception {
        System.out.println("DuckDbReferenceSearchTest " + SEED);
        long began = System.nanoTime();
        Random random = new Random(SEED.value());
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
             LocalObjectStore store = new LocalObjectStore(data.resolve("store"));
             BufferAllocator allocator = new RootAllocator();
             Connection duck = DriverManager.getConnection("jdbc:duckdb:");
             TopicSearch search = new TopicSearch(repository.catalog(), store, allocator, QueryEngineLimits.DEFAULTS)) {
            TopicFixture fixture = new TopicFixture(repository, store, allocator);
            int compared = 0;
            int matched = 0;
            for (int t = 0; t < TOPICS; t++) {
                Shape shape = randomShape(random);
                List<VectorSchemaRoot> batches = randomChunks(random, shape, allocator);
                Topic topic;
                try {
                    topic = fixture.ingest("t" + t, "ragged", shape.schema(), batches);
                } finally {
                    batches.forEach(VectorSchemaRoot::close);
                }
                String files = repository.catalog().listChunks(topic.id()).stream()
                        .map(c -> "'" + store.root().resolve(c.objectKey()) + "'").collect(Collectors.joining(", "));
                for (int f = 0; f < FILTERS_PER_TOPIC; f++) {
                    List<Drawn> drawn = randomFilter(random, shape);
                    String ontology = "{" + drawn.stream().map(Drawn::json).collect(Collectors.joining(",")) + "}";
                    List<OntologyCondition> conditions = conditions(ontology);
                    long start = Long.MIN_VALUE;
                    long end = Long.MAX_VALUE;
                    if (random.nextBoolean()) {
                        start = 10L * random.nextInt(2_000);
                        end = start + 10L * random.nextInt(2_000);
                    }
                    String where = drawn.stream().map(c -> sql(shape, c)).collect(Collectors.joining(" AND "));
                    String query = "SELECT timestamp_ns FROM read_parquet([" + files + "]) WHERE " + where;
                    List<Long> all = times(duck, query + " ORDER BY 1");
                    List<Long> inRange = start == Long.MIN_VALUE ? all : times(duck, query + " AND timestamp_ns >= "
                            + start + " AND timestamp_ns < " + end + " ORDER BY 1");
                    String context = String.format("%s, topic %d %s, filter %s, range [%d, %d), DuckDB: %s", SEED, t,
                            shape.schema(), ontology, start, end, query);
                    assertThat(search.anyRowMatches(topic.id(), conditions)).as("anyRowMatches, " + context)
                            .isEqualTo(!all.isEmpty());
                    Topic judged = topic;
                    assertThat(all.isEmpty() || repository.search().find(MetadataFilter.NONE, MetadataFilter.NONE,
                            conditions).stream().anyMatch(hit -> hit.topicId() == judged.id()))
                            .as("a matching topic is a candidate by its column summaries, " + context).isTrue();
                    List<Cluster> found = new ArrayList<>();
                    search.matchTimes(topic, conditions, start, end, new MatchTimes(new ClusterBuilder(1, found::add)));
                    assertThat(found).as("clusters of one time each, " + context)
                            .allMatch(cluster -> cluster.startNs() == cluster.endNs());
                    assertThat(found.stream().map(Cluster::startNs).toList()).as("matchTimes, " + context)
                            .isEqualTo(inRange);
                    compared++;
                    matched += all.isEmpty() ? 0 : 1;
                }
            }
            // the filters are drawn so that both answers are common: a run where nearly all filters
            // matched nothing (or everything) would compare little
            assertThat(matched).as("filters matching some row, of %d (%s)", compared, SEED)
                    .isBetween(compared / 5, compared * 9 / 10);
            assertThat(allocator.getAllocatedMemory()).isZero();
            System.out.printf("DuckDbReferenceSearchTest: %d filters on %d topics, %d matching some row, in %.1f s%n",
                    compared, TOPICS, matched, (System.nanoTime() - began) / 1e9);
        }
    }

    /**
     * Found by the randomized comparison (filter {@code {'imu.timestamp_ns':{'$gt':2},'imu.u64':{'$gt':
     * 9223372036854775806.5},'imu.pose':'$ex'}}, seed 1058709237392, when the parser still read fractions as
     * doubles): exact
     * comparison, which IntegerTest promises, matches a u64 of 2^63 - 1; the operand rounded to a double (2^63)
     * does not.
     */
    @Test
    void aFractionalOperandBeyondDoublePrecisionComparesExactly() throws Exception {
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
             LocalObjectStore store = new LocalObjectStore(data.resolve("store"));
             BufferAllocator allocator = new RootAllocator()) {
            Column u64 = new Column("u64", Kind.INT, 64, true, null);
            Schema schema = new Schema(List.of(
                    new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
                    arrow(u64, "u64")));
            Topic topic;
            try (VectorSchemaRoot row = VectorSchemaRoot.create(schema, allocator)) {
                row.allocateNew();
                ((BaseIntVector) row.getVector("timestamp_ns")).setWithPossibleTruncate(0, 10);
                ((BaseIntVector) row.getVector("u64")).setWithPossibleTruncate(0, Long.MAX_VALUE);
                row.setRowCount(1);
                topic = new TopicFixture(repository, store, allocator).ingest("u64", "ragged", schema, List.of(row));
            }
            try (TopicSearch search = new TopicSearch(repository.catalog(), store, allocator,
                    QueryEngineLimits.DEFAULTS)) {
                assertThat(search.anyRowMatches(topic.id(), conditions("{'imu.u64':{'$gt':9223372036854775806.5}}")))
                        .isTrue();
            }
        }
    }

    private static List<Long> times(Connection duck, String query) throws Exception {
        List<Long> times = new ArrayList<>();
        // a new Statement each time: DuckDB closes one after an SQLException (FACTS.md)
        try (Statement s = duck.createStatement(); ResultSet r = s.executeQuery(query)) {
            while (r.next()) {
                times.add(r.getLong(1));
            }
        }
        return times;
    }

    // ---- the contract in DuckDB SQL ----

    /**
     * A condition as the test drew it: the column, the list specifier ({@code ?}, {@code !}, an index, or null),
     * the operator and the operands as written in the filter's JSON. The SQL is made from these, not from what
     * the production parser makes of the JSON, so that the parser is checked too.
     */
    private record Drawn(Column column, String spec, String op, List<String> operands, boolean array) {
        String json() {
            String path = "'imu." + column.path() + (spec == null ? "" : "[" + spec + "]") + "'";
            if (operands.isEmpty() && !array) {
                return path + ":'" + op + "'";
            }
            String operand = operands.size() == 1 && !array ? operands.get(0) : "[" + String.join(",", operands) + "]";
            return path + ":{'" + op + "':" + operand + "}";
        }
    }

    /**
     * One condition as a DuckDB predicate that is never NULL, by SEARCH.md and the row semantics of
     * {@link ColumnCondition} / {@link ListEqualsCondition}:
     * <ul>
     * <li>a path naming no column of the topic is absent from every row: only {@code $nex} holds;</li>
     * <li>{@code $ex} / {@code $nex}: IS NOT NULL / IS NULL of the value, where DuckDB's struct_extract of a null
     * struct is NULL, as a value under a null struct is absent by the contract;</li>
     * <li>any other operator needs a value: a NULL comparison is coalesced to FALSE (three-valued logic would
     * otherwise leave it NULL, and a NULL inside {@code NOT} or {@code OR} must not turn into a match);</li>
     * <li>{@code [i]} is 0-based, DuckDB's list_extract 1-based, and NULL past the end or on a null list: an
     * absent element, so only {@code $nex} holds there;</li>
     * <li>{@code [?]}: some element satisfies (a null or empty list has none); {@code [!]}: the list has
     * elements and all satisfy, counted with list_filter, whose lambda sees null elements too.</li>
     * </ul>
     */
    private static String sql(Shape shape, Drawn c) {
        Column column = shape.columns.get(c.column().path());
        if (column == null) {
            return c.op().equals("$nex") ? "TRUE" : "FALSE";
        }
        String value = access(column.path());
        if (c.spec() != null) {
            Column element = column.element();
            return switch (c.spec()) {
                case "?" -> "COALESCE(len(list_filter(" + value + ", lambda e: " + judged("e", element, c.op(),
                        c.operands()) + ")) > 0, FALSE)";
                case "!" -> "COALESCE(len(" + value + ") > 0 AND len(list_filter(" + value + ", lambda e: "
                        + judged("e", element, c.op(), c.operands()) + ")) = len(" + value + "), FALSE)";
                default -> judged("list_extract(" + value + ", " + (Integer.parseInt(c.spec()) + 1) + ")", element,
                        c.op(), c.operands());
            };
        }
        if (c.array()) {
            return wholeList(value, column.element(), c.operands(), c.op().equals("$neq"));
        }
        return judged(value, column, c.op(), c.operands());
    }

    /**
     * A list equals an array when it has as many elements, each equal (by {@code $eq}, so neither null nor NaN)
     * to the operand at its position; a null list is neither equal nor different.
     */
    private static String wholeList(String list, Column element, List<String> array, boolean negate) {
        StringBuilder equal = new StringBuilder("len(" + list + ") = " + array.size());
        for (int k = 0; k < array.size(); k++) {
            equal.append(" AND ").append(judged("list_extract(" + list + ", " + (k + 1) + ")", element, "$eq",
                    List.of(array.get(k))));
        }
        return "(" + list + " IS NOT NULL AND " + (negate ? "NOT " : "") + "(" + equal + "))";
    }

    /** Whether the value {@code v} (NULL: absent) satisfies the condition, never NULL. */
    private static String judged(String v, Column column, String op, List<String> operands) {
        return switch (op) {
            case "$ex" -> "(" + v + " IS NOT NULL)";
            case "$nex" -> "(" + v + " IS NULL)";
            default -> "COALESCE(" + satisfied(v, column, op, operands.stream().map(o -> literal(column, o)).toList())
                    + ", FALSE)";
        };
    }

    private static String satisfied(String v, Column column, String op, List<String> operands) {
        return switch (column.kind()) {
            // exact: the values and the operands (integers, halves, values beyond the column's range) as
            // DECIMAL(38, 6), as IntegerTest promises to compare them, without rounding
            case INT -> compared("CAST(" + v + " AS DECIMAL(38, 6))", op, operands);
            // DuckDB orders NaN above everything and has NaN = NaN; the contract has NaN satisfy only $neq.
            // Float32 values widen to double exactly and the operands are rounded to double once, as in FloatingTest
            case FLOAT -> {
                String d = "CAST(" + v + " AS DOUBLE)";
                yield op.equals("$neq") ? "(isnan(" + d + ") OR " + d + " <> " + operands.get(0) + ")"
                        : "(NOT isnan(" + d + ") AND " + compared(d, op, operands) + ")";
            }
            case TEXT -> op.equals("$match") ? "regexp_full_match(" + v + ", " + regex(operands.get(0)) + ")"
                    : compared(v, op, operands);
            case BOOL -> compared(v, op, operands);
            default -> throw new IllegalArgumentException(op + " on " + column);
        };
    }

    private static String compared(String v, String op, List<String> o) {
        return switch (op) {
            case "$eq" -> v + " = " + o.get(0);
            case "$neq" -> v + " <> " + o.get(0);
            case "$lt" -> v + " < " + o.get(0);
            case "$leq" -> v + " <= " + o.get(0);
            case "$gt" -> v + " > " + o.get(0);
            case "$geq" -> v + " >= " + o.get(0);
            case "$between" -> "(" + v + " >= " + o.get(0) + " AND " + v + " <= " + o.get(1) + ")";
            case "$outside" -> "(" + v + " < " + o.get(0) + " OR " + v + " > " + o.get(1) + ")";
            case "$in" -> v + " IN (" + String.join(", ", o) + ")";
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** An operand as written in the filter ({@code 'text'} in single quotes, as the filters here are written). */
    private static String literal(Column column, String operand) {
        return switch (column.kind()) {
            case INT -> "CAST('" + operand + "' AS DECIMAL(38, 6))";
            case FLOAT -> "CAST('" + operand + "' AS DOUBLE)";
            default -> operand; // a quoted text has no quote inside (TEXTS); a boolean is SQL already
        };
    }

    /**
     * SEARCH.md's glob as an RE2 pattern, for the globs {@link #randomFilter} draws: {@code *} any run, {@code ?}
     * one character, {@code #} one digit, anything else literal.
     */
    private static String regex(String quotedGlob) {
        StringBuilder re = new StringBuilder("'");
        for (char ch : quotedGlob.substring(1, quotedGlob.length() - 1).toCharArray()) {
            re.append(switch (ch) {
                case '*' -> ".*";
                case '?' -> ".";
                case '#' -> "[0-9]";
                default -> Character.isLetterOrDigit(ch) ? String.valueOf(ch) : "\\" + ch;
            });
        }
        return re.append("'").toString();
    }

    /** How DuckDB reads a path: struct fields through struct_extract, which is NULL under a null struct. */
    private static String access(String path) {
        String[] parts = path.split("\\.");
        String sql = "\"" + parts[0] + "\"";
        for (int i = 1; i < parts.length; i++) {
            sql = "struct_extract(" + sql + ", '" + parts[i] + "')";
        }
        return sql;
    }

    // ---- random topics ----

    private static Shape randomShape(Random random) {
        Shape shape = new Shape();
        shape.fields.add(new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null));
        shape.columns.put("timestamp_ns", new Column("timestamp_ns", Kind.INT, 64, false, null));
        List<Column> ints = new ArrayList<>();
        for (int bits : new int[] {8, 16, 32, 64}) {
            ints.add(new Column("i" + bits, Kind.INT, bits, false, null));
            ints.add(new Column("u" + bits, Kind.INT, bits, true, null));
        }
        Collections.shuffle(ints, random);
        for (Column c : ints.subList(0, 3 + random.nextInt(3))) {
            add(shape, c);
        }
        List<Column> others = List.of(new Column("f32", Kind.FLOAT, 32, false, null),
                new Column("f64", Kind.FLOAT, 64, false, null), Column.of("label", Kind.TEXT),
                Column.of("flag", Kind.BOOL));
        for (Column c : others) {
            if (random.nextInt(5) > 0) {
                add(shape, c);
            }
        }
        if (random.nextInt(5) > 0) {
            Column x = new Column("pose.position.x", Kind.FLOAT, 64, false, null);
            Column n = new Column("pose.position.n", Kind.INT, 32, false, null);
            Column frame = Column.of("pose.frame", Kind.TEXT);
            shape.fields.add(new Field("pose", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                    new Field("position", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(arrow(x, "x"),
                            arrow(n, "n"))),
                    arrow(frame, "frame"))));
            shape.columns.put("pose", Column.of("pose", Kind.STRUCT));
            shape.columns.put("pose.position", Column.of("pose.position", Kind.STRUCT));
            for (Column c : List.of(x, n, frame)) {
                shape.columns.put(c.path(), c);
            }
        }
        if (random.nextInt(5) > 0) {
            Column element = random.nextBoolean() ? new Column("values", Kind.FLOAT, 64, false, null)
                    : new Column("values", Kind.INT, 32, false, null);
            shape.fields.add(new Field("values", FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(arrow(element, "item"))));
            shape.columns.put("values", new Column("values", Kind.LIST, 0, false, element));
        }
        return shape;
    }

    private static void add(Shape shape, Column c) {
        shape.fields.add(arrow(c, c.path()));
        shape.columns.put(c.path(), c);
    }

    private static Field arrow(Column c, String name) {
        ArrowType type = switch (c.kind()) {
            case INT -> new ArrowType.Int(c.bits(), !c.unsigned());
            case FLOAT -> new ArrowType.FloatingPoint(c.bits() == 32 ? FloatingPointPrecision.SINGLE
                    : FloatingPointPrecision.DOUBLE);
            case TEXT -> ArrowType.Utf8.INSTANCE;
            case BOOL -> ArrowType.Bool.INSTANCE;
            default -> throw new IllegalArgumentException(c.toString());
        };
        return new Field(name, FieldType.nullable(type), null);
    }

    /**
     * Chunks of 40 to 250 rows whose time ranges overlap their neighbours', every third one unsorted inside;
     * timestamps distinct across the topic (see the class comment).
     */
    private static List<VectorSchemaRoot> randomChunks(Random random, Shape shape, BufferAllocator allocator) {
        List<VectorSchemaRoot> batches = new ArrayList<>();
        Set<Long> used = new HashSet<>();
        int chunks = 2 + random.nextInt(5);
        try {
            for (int c = 0; c < chunks; c++) {
                int rows = 40 + random.nextInt(211);
                List<Long> times = new ArrayList<>();
                while (times.size() < rows) {
                    long t = 10L * (c * 300 + random.nextInt(600));
                    if (used.add(t)) {
                        times.add(t);
                    }
                }
                if (c % 3 != 1) {
                    times.sort(null);
                }
                VectorSchemaRoot root = VectorSchemaRoot.create(shape.schema(), allocator);
                batches.add(root);
                root.allocateNew();
                for (int r = 0; r < rows; r++) {
                    ((BaseIntVector) root.getVector("timestamp_ns")).setWithPossibleTruncate(r, times.get(r));
                    shape.held.computeIfAbsent("timestamp_ns", k -> new ArrayList<>()).add(times.get(r).toString());
                    for (Field f : shape.fields.subList(1, shape.fields.size())) {
                        fill(random, shape, f.getName(), root.getVector(f.getName()), r);
                    }
                }
                root.setRowCount(rows);
            }
        } catch (RuntimeException e) {
            batches.forEach(VectorSchemaRoot::close);
            throw e;
        }
        return batches;
    }

    /** A random value (null one time in six) of the column at {@code path} into {@code v} at {@code index}. */
    private static void fill(Random random, Shape shape, String path, FieldVector v, int index) {
        if (random.nextInt(6) == 0) {
            v.setNull(index);
            return;
        }
        if (v instanceof StructVector s) {
            s.setIndexDefined(index);
            for (FieldVector child : s.getChildrenFromFields()) {
                fill(random, shape, path + "." + child.getName(), child, index);
            }
        } else if (v instanceof ListVector l) {
            int first = l.startNewValue(index);
            int n = random.nextInt(4);
            for (int k = 0; k < n; k++) {
                fill(random, shape, path, l.getDataVector(), first + k);
            }
            l.endValue(index, n);
        } else {
            Column column = shape.columns.get(path);
            String held = setRandom(random, column.kind() == Kind.LIST ? column.element() : column, v, index);
            if (held != null) {
                shape.held.computeIfAbsent(path, k -> new ArrayList<>()).add(held);
            }
        }
    }

    /** Sets a random value; returns it as a filter operand, or null when JSON cannot write it (NaN, infinity). */
    private static String setRandom(Random random, Column column, FieldVector v, int index) {
        switch (column.kind()) {
            case INT -> {
                BigInteger value = intPool(column).get(random.nextInt(intPool(column).size()));
                while (index >= v.getValueCapacity()) { // the int vectors have no setSafe taking a long
                    v.reAlloc();
                }
                ((BaseIntVector) v).setWithPossibleTruncate(index, value.longValue());
                return value.toString();
            }
            case FLOAT -> {
                double d = FLOATS[random.nextInt(FLOATS.length)];
                if (v instanceof Float4Vector f) {
                    f.setSafe(index, (float) d);
                    d = (float) d;
                } else {
                    ((Float8Vector) v).setSafe(index, d);
                }
                return Double.isFinite(d) ? Double.toString(d) : null; // widened float32 values print exactly
            }
            case TEXT -> {
                String s = TEXTS[random.nextInt(TEXTS.length)];
                ((VarCharVector) v).setSafe(index, s.getBytes(StandardCharsets.UTF_8));
                return "'" + s + "'";
            }
            case BOOL -> {
                boolean b = random.nextBoolean();
                ((BitVector) v).setSafe(index, b ? 1 : 0);
                return Boolean.toString(b);
            }
            default -> throw new IllegalArgumentException(column.toString());
        }
    }

    /** The values an integer column holds: its range's ends and their neighbours, and a few small ones. */
    private static List<BigInteger> intPool(Column c) {
        BigInteger min = c.unsigned() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(c.bits() - 1).negate();
        BigInteger max = BigInteger.ONE.shiftLeft(c.unsigned() ? c.bits() : c.bits() - 1).subtract(BigInteger.ONE);
        List<BigInteger> pool = new ArrayList<>(List.of(min, min.add(BigInteger.ONE), max, max.subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(c.bits() - 1).subtract(BigInteger.ONE)));
        for (long small : new long[] {-7, -1, 0, 1, 2, 7}) {
            BigInteger s = BigInteger.valueOf(small);
            if (s.compareTo(min) >= 0) {
                pool.add(s);
            }
        }
        return pool;
    }

    // ---- random filters ----

    /** One to three conditions on distinct paths, mostly of columns the topic has. */
    private static List<Drawn> randomFilter(Random random, Shape shape) {
        List<String> paths = new ArrayList<>(shape.columns.keySet());
        paths.add("nothing");
        paths.add("pose.nothing");
        List<Drawn> drawn = new ArrayList<>();
        Set<String> named = new HashSet<>();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            String path = paths.get(random.nextInt(paths.size()));
            Drawn c = randomCondition(random, shape, shape.columns.getOrDefault(path, Column.of(path, Kind.INT)));
            if (named.add(c.column().path() + c.spec())) { // a key given twice is refused by the parser
                drawn.add(c);
            }
        }
        return drawn;
    }

    private static Drawn randomCondition(Random random, Shape shape, Column column) {
        if (column.kind() == Kind.STRUCT || random.nextInt(8) == 0) {
            return new Drawn(column, null, random.nextBoolean() ? "$ex" : "$nex", List.of(), false);
        }
        if (column.kind() == Kind.LIST) {
            int how = random.nextInt(4);
            if (how == 0) {
                List<String> array = new ArrayList<>();
                for (int k = random.nextInt(4); k > 0; k--) {
                    array.add(operand(random, shape, column, column.element()));
                }
                return new Drawn(column, null, random.nextBoolean() ? "$eq" : "$neq", array, true);
            }
            String spec = how == 1 ? "?" : how == 2 ? "!" : Integer.toString(random.nextInt(4));
            Drawn e = randomCondition(random, shape, column.element()); // the element column bears the list's path
            return new Drawn(column, spec, e.op(), e.operands(), false);
        }
        String[] ops = switch (column.kind()) {
            case TEXT -> new String[] {"$eq", "$neq", "$in", "$match"};
            case BOOL -> new String[] {"$eq", "$neq", "$in"};
            default -> new String[] {"$eq", "$neq", "$lt", "$leq", "$gt", "$geq", "$between", "$outside", "$in"};
        };
        String op = ops[random.nextInt(ops.length)];
        String a = operand(random, shape, column, column);
        String b = operand(random, shape, column, column);
        List<String> operands = switch (op) {
            case "$between", "$outside" -> new BigDecimal(a).compareTo(new BigDecimal(b)) > 0 ? List.of(b, a)
                    : List.of(a, b);
            case "$in" -> List.of(a, b);
            case "$match" -> List.of("'" + glob(random, a.substring(1, a.length() - 1)) + "'");
            default -> List.of(a);
        };
        return new Drawn(column, null, op, operands, false);
    }

    /** Half the time a value rows of the path hold (boundaries included), else one around and beyond them. */
    private static String operand(Random random, Shape shape, Column holder, Column column) {
        List<String> held = shape.held.getOrDefault(holder.path(), List.of());
        if (random.nextBoolean() && !held.isEmpty()) {
            return held.get(random.nextInt(held.size()));
        }
        return switch (column.kind()) {
            case FLOAT -> BigDecimal.valueOf(FLOAT_OPERANDS[random.nextInt(FLOAT_OPERANDS.length)]).toString();
            case TEXT -> "'" + TEXTS[random.nextInt(TEXTS.length)] + "'";
            case BOOL -> Boolean.toString(random.nextBoolean());
            default -> {
                if (column.bits() == 0) { // a path of no column: any number does
                    yield Integer.toString(random.nextInt(5));
                }
                // beside a value the column holds, or just beyond its range
                List<BigInteger> pool = intPool(column);
                BigDecimal near = new BigDecimal(pool.get(random.nextInt(pool.size())));
                BigDecimal step = new BigDecimal(random.nextBoolean() ? "1" : "0.5").multiply(
                        BigDecimal.valueOf(random.nextBoolean() ? 1 : -1));
                yield near.add(step).toPlainString();
            }
        };
    }

    /** A glob matching {@code text} or a near miss: a letter made {@code ?}, a tail made {@code *}, a digit {@code #}. */
    private static String glob(Random random, String text) {
        if (text.isEmpty()) {
            return random.nextBoolean() ? "*" : "?";
        }
        int at = random.nextInt(text.length());
        return switch (random.nextInt(3)) {
            case 0 -> text.substring(0, at) + "?" + text.substring(at + 1);
            case 1 -> text.substring(0, at) + "*";
            default -> text.replaceAll("[0-9]", "#") + (random.nextInt(3) == 0 ? "?" : "");
        };
    }
}
