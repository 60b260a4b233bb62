package io.mosaicod.read.search;

import static io.mosaicod.read.search.OntologyFilters.conditions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.search.BadFilterException;
import io.mosaicod.core.search.QueryEngineLimits;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.testkit.TestSeed;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The matcher against a reference that judges each row from the values Arrow's getters return, on a nested
 * schema filled at random with nulls at every level, empty and null lists, NaN, and unsigned values above
 * the signed range.
 */
class OntologyMatcherTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int LIST_VALUES = QueryEngineLimits.DEFAULTS.maxPlainListEqValues();

    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    private static Field field(String name, ArrowType type, Field... children) {
        return new Field(name, FieldType.nullable(type), List.of(children));
    }

    static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            field("stamp", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            field("pose", ArrowType.Struct.INSTANCE,
                    field("position", ArrowType.Struct.INSTANCE,
                            field("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))),
                    field("frame", new ArrowType.Utf8())),
            field("effort", new ArrowType.List(), field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))),
            field("points", new ArrowType.List(), field("item", ArrowType.Struct.INSTANCE,
                    field("label", new ArrowType.Utf8()), field("flag", new ArrowType.Bool()))),
            field("level", new ArrowType.Int(8, false)),
            field("id", new ArrowType.Int(64, false))));

    private static final String[] LABELS = {"a", "ab", "b", "car", "cart", "\u00e9t\u00e9"};
    private static final double[] XS = {-1.5, 0, 0.5, 2, 3.25, Double.NaN};

    /** The batch and, per row, each leaf's value as the reference sees it (null: absent or null). */
    private VectorSchemaRoot randomBatch(Random random, int rows) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        root.allocateNew();
        BigIntVector time = (BigIntVector) root.getVector("timestamp_ns");
        TimeStampNanoVector stamp = (TimeStampNanoVector) root.getVector("stamp");
        StructVector pose = (StructVector) root.getVector("pose");
        StructVector position = pose.getChild("position", StructVector.class);
        Float8Vector x = position.getChild("x", Float8Vector.class);
        VarCharVector frame = pose.getChild("frame", VarCharVector.class);
        ListVector effort = (ListVector) root.getVector("effort");
        Float4Vector effortItems = (Float4Vector) effort.getDataVector();
        ListVector points = (ListVector) root.getVector("points");
        StructVector point = (StructVector) points.getDataVector();
        VarCharVector label = point.getChild("label", VarCharVector.class);
        BitVector flag = point.getChild("flag", BitVector.class);
        UInt1Vector level = (UInt1Vector) root.getVector("level");
        UInt8Vector id = (UInt8Vector) root.getVector("id");
        int efforts = 0;
        int pointCount = 0;
        for (int r = 0; r < rows; r++) {
            time.setSafe(r, 1_700_000_000_000_000_000L + r);
            if (random.nextInt(8) > 0) {
                stamp.setSafe(r, 1_700_000_000_123_456_700L + random.nextInt(20));
            }
            if (random.nextInt(6) > 0) {
                pose.setIndexDefined(r);
                if (random.nextInt(5) > 0) {
                    position.setIndexDefined(r);
                    if (random.nextInt(5) > 0) {
                        x.setSafe(r, XS[random.nextInt(XS.length)]);
                    }
                }
                if (random.nextInt(5) > 0) {
                    frame.setSafe(r, new Text(LABELS[random.nextInt(LABELS.length)]));
                }
            }
            if (random.nextInt(6) > 0) {
                effort.startNewValue(r);
                int n = random.nextInt(4);
                for (int k = 0; k < n; k++) {
                    if (random.nextInt(6) > 0) {
                        effortItems.setSafe(efforts, (float) XS[random.nextInt(XS.length)]);
                    } else {
                        effortItems.setNull(efforts);
                    }
                    efforts++;
                }
                effort.endValue(r, n);
            } else {
                effort.setNull(r);
            }
            if (random.nextInt(6) > 0) {
                points.startNewValue(r);
                int n = random.nextInt(4);
                for (int k = 0; k < n; k++) {
                    if (random.nextInt(6) > 0) {
                        point.setIndexDefined(pointCount);
                        if (random.nextInt(6) > 0) {
                            label.setSafe(pointCount, new Text(LABELS[random.nextInt(LABELS.length)]));
                        }
                        if (random.nextInt(6) > 0) {
                            flag.setSafe(pointCount, random.nextInt(2));
                        }
                    } else {
                        point.setNull(pointCount);
                    }
                    pointCount++;
                }
                points.endValue(r, n);
            } else {
                points.setNull(r);
            }
            if (random.nextInt(8) > 0) {
                level.setSafe(r, random.nextInt(256));
            }
            if (random.nextInt(8) > 0) {
                id.setSafe(r, random.nextBoolean() ? -1L - random.nextInt(3) : random.nextInt(3)); // u64 2^64-1..
            }
        }
        effortItems.setValueCount(efforts);
        point.setValueCount(pointCount);
        label.setValueCount(pointCount);
        flag.setValueCount(pointCount);
        root.setRowCount(rows);
        return root;
    }

    /** A random condition (path, operator, operands drawn near the data's values) in filter JSON. */
    private static String randomCondition(Random random) {
        String[] numericPaths = {"t.stamp", "t.pose.position.x", "t.effort[?]", "t.effort[!]", "t.effort[1]",
                "t.level", "t.id", "t.timestamp_ns"};
        String[] textPaths = {"t.pose.frame", "t.points[?].label", "t.points[!].label", "t.points[0].label"};
        int kind = random.nextInt(10);
        if (kind < 5) {
            String path = numericPaths[random.nextInt(numericPaths.length)];
            String[] ops = {"$eq", "$neq", "$lt", "$leq", "$gt", "$geq", "$between", "$outside", "$in"};
            String op = ops[random.nextInt(ops.length)];
            String a = numberNear(random, path);
            String b = numberNear(random, path);
            if (new BigDecimal(a).compareTo(new BigDecimal(b)) > 0) {
                String t = a;
                a = b;
                b = t;
            }
            String operand = switch (op) {
                case "$between", "$outside" -> "[" + a + "," + b + "]";
                case "$in" -> "[" + a + "," + b + "]";
                default -> a;
            };
            return "'" + path + "':{'" + op + "':" + operand + "}";
        }
        if (kind < 8) {
            String path = textPaths[random.nextInt(textPaths.length)];
            String[] ops = {"$eq", "$neq", "$in", "$match"};
            String op = ops[random.nextInt(ops.length)];
            String value = LABELS[random.nextInt(LABELS.length)];
            String operand = switch (op) {
                case "$in" -> "['" + value + "','" + LABELS[random.nextInt(LABELS.length)] + "']";
                case "$match" -> "'" + (random.nextBoolean() ? value.charAt(0) + "*" : "?" + value.substring(1)) + "'";
                default -> "'" + value + "'";
            };
            return "'" + path + "':{'" + op + "':" + operand + "}";
        }
        if (kind < 9 && random.nextBoolean()) {
            StringBuilder array = new StringBuilder("[");
            for (int k = random.nextInt(4); k > 0; k--) {
                double[] values = {-1.5, 0, 0.5, 2, 3.25, 7};
                array.append(BigDecimal.valueOf(values[random.nextInt(values.length)]).toPlainString())
                        .append(k > 1 ? "," : "");
            }
            return "'t.effort':{'" + (random.nextBoolean() ? "$eq" : "$neq") + "':" + array + "]}";
        }
        if (kind < 9) {
            String[] paths = {"t.points[?].flag", "t.points[!].flag", "t.points[1].flag"};
            return "'" + paths[random.nextInt(paths.length)] + "':{'" + (random.nextBoolean() ? "$eq" : "$neq") + "':"
                    + random.nextBoolean() + "}";
        }
        String[] paths = {"t.pose", "t.pose.position.x", "t.effort[?]", "t.effort[2]", "t.points[!].label",
                "t.stamp", "t.nothing", "t.effort", "t.points"};
        return "'" + paths[random.nextInt(paths.length)] + "':'" + (random.nextBoolean() ? "$ex" : "$nex") + "'";
    }

    private static String numberNear(Random random, String path) {
        if (path.equals("t.stamp")) {
            return Long.toString(1_700_000_000_123_456_700L + random.nextInt(24) - 2);
        }
        if (path.equals("t.timestamp_ns")) {
            return Long.toString(1_700_000_000_000_000_000L + random.nextInt(70));
        }
        if (path.equals("t.id")) {
            return random.nextBoolean() ? new BigDecimal("18446744073709551615").subtract(BigDecimal.valueOf(
                    random.nextInt(4))).toPlainString() : Integer.toString(random.nextInt(4) - 1);
        }
        if (path.equals("t.level")) {
            return random.nextBoolean() ? Integer.toString(random.nextInt(300) - 20) : (random.nextInt(256) + ".5");
        }
        double[] candidates = {-2, -1.5, 0, 0.5, 1, 2, 3.25, 4};
        return BigDecimal.valueOf(candidates[random.nextInt(candidates.length)]).toPlainString();
    }

    @Test
    void randomConditionsOnNestedRowsAgreeWithTheReference() {
        Random random = new Random(SEED.value());
        for (int trial = 0; trial < 400; trial++) {
            int count = 1 + random.nextInt(3);
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String part = randomCondition(random);
                if (parts.stream().noneMatch(p -> p.substring(0, p.indexOf("':")).equals(part.substring(0, part.indexOf("':"))))) {
                    parts.add(part);
                }
            }
            String ontology = "{" + String.join(",", parts) + "}";
            List<SearchFilter.OntologyCondition> conditions = conditions(ontology);
            try (VectorSchemaRoot batch = randomBatch(random, 1 + random.nextInt(150))) {
                long[] bits = OntologyMatcher.bind(SCHEMA, conditions, LIST_VALUES).matches(batch);
                for (int r = 0; r < batch.getRowCount(); r++) {
                    boolean expected = ReferenceMatcher.matches(batch, r, conditions);
                    boolean actual = (bits[r >>> 6] & 1L << r) != 0;
                    assertThat(actual).as("trial %d, %s, row %d: %s", trial, SEED, r, ontology).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void firstMatchStopsAtTheEarliestRow() {
        try (VectorSchemaRoot batch = randomBatch(new Random(SEED.value()), 100)) {
            List<SearchFilter.OntologyCondition> conditions = conditions("{'t.timestamp_ns':{'$geq':1700000000000000042}}");
            assertThat(OntologyMatcher.bind(SCHEMA, conditions, LIST_VALUES).firstMatch(batch)).isEqualTo(42);
            conditions = conditions("{'t.timestamp_ns':{'$lt':0}}");
            assertThat(OntologyMatcher.bind(SCHEMA, conditions, LIST_VALUES).firstMatch(batch)).isEqualTo(-1);
        }
    }

    @Test
    void filtersThatDoNotFitTheColumnsAreRefused() {
        Map<String, String> refused = Map.of(
                "{'t.pose.frame':{'$gt':'a'}}", "does not apply",
                "{'t.pose.position.x':{'$eq':'a'}}", "does not apply",
                "{'t.level':{'$match':'1*'}}", "does not apply",
                "{'t.points[?].flag':{'$lt':1}}", "does not apply",
                "{'t.points.label':{'$eq':'a'}}", "needs [i], [?] or [!]",
                "{'t.pose[?].frame':{'$eq':'a'}}", "is not a list",
                "{'t.pose':{'$eq':1}}", "names a struct",
                "{'t.effort':{'$gt':1}}", "compares only with $eq / $neq",
                "{'t.effort':{'$eq':['a']}}", "holds numbers");
        refused.forEach((filter, message) -> assertThatThrownBy(() -> OntologyMatcher.bind(SCHEMA, conditions(filter),
                LIST_VALUES)).as(filter).isInstanceOf(BadFilterException.class).hasMessageStartingWith("Bad request: ")
                .hasMessageContaining(message));
    }

    @Test
    void aWholeListArrayHoldsAtMostTheConfiguredNumberOfValues() {
        List<SearchFilter.OntologyCondition> three = conditions("{'t.effort':{'$eq':[1, 2, 3]}}");
        assertThat(OntologyMatcher.bind(SCHEMA, three, 3)).isNotNull();
        assertThatThrownBy(() -> OntologyMatcher.bind(SCHEMA, three, 2)).isInstanceOf(BadFilterException.class)
                .hasMessageContaining("an array of 3 values").hasMessageContaining("the limit is 2");
    }
}
