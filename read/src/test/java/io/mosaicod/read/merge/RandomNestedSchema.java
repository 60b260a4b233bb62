package io.mosaicod.read.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Random topic schemas for the nested merge test: an int64 {@code timestamp_ns} column (nullable in a third
 * of them, at a random position) and 1–8 fields nested up to {@link #MAX_DEPTH} levels deep, built from
 * structs (1–4 children), lists, large lists, fixed-size lists (size 1–5) and maps (utf8 or integer keys)
 * over every leaf type the Parquet codec stores ({@code io.mosaicod.format.LeafCodec}: no dictionaries,
 * unions, decimal256, views or intervals). Nullability is random at every level; some fields and schemas
 * carry metadata.
 */
final class RandomNestedSchema {
    /** Levels of the deepest leaf: a top-level leaf is depth 1, a leaf in a list in a struct is depth 3. */
    static final int MAX_DEPTH = 4;

    static final List<ArrowType> LEAF_TYPES = List.of(
            ArrowType.Bool.INSTANCE,
            new ArrowType.Int(8, true), new ArrowType.Int(16, true), new ArrowType.Int(32, true),
            new ArrowType.Int(64, true),
            new ArrowType.Int(8, false), new ArrowType.Int(16, false), new ArrowType.Int(32, false),
            new ArrowType.Int(64, false),
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
            new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
            new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
            new ArrowType.Decimal(1, 0, 128), new ArrowType.Decimal(9, 2, 128), new ArrowType.Decimal(18, 18, 128),
            new ArrowType.Decimal(38, 10, 128), new ArrowType.Decimal(38, 0, 128),
            new ArrowType.Date(DateUnit.DAY), new ArrowType.Date(DateUnit.MILLISECOND),
            new ArrowType.Time(TimeUnit.SECOND, 32), new ArrowType.Time(TimeUnit.MILLISECOND, 32),
            new ArrowType.Time(TimeUnit.MICROSECOND, 64), new ArrowType.Time(TimeUnit.NANOSECOND, 64),
            new ArrowType.Timestamp(TimeUnit.SECOND, null), new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
            new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Rome"),
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, "+07:00"),
            new ArrowType.Duration(TimeUnit.SECOND), new ArrowType.Duration(TimeUnit.MILLISECOND),
            new ArrowType.Duration(TimeUnit.MICROSECOND), new ArrowType.Duration(TimeUnit.NANOSECOND),
            ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE,
            ArrowType.Binary.INSTANCE, ArrowType.LargeBinary.INSTANCE,
            new ArrowType.FixedSizeBinary(1), new ArrowType.FixedSizeBinary(4), new ArrowType.FixedSizeBinary(5),
            new ArrowType.FixedSizeBinary(16));

    private static final List<ArrowType> MAP_KEY_TYPES = List.of(ArrowType.Utf8.INSTANCE,
            new ArrowType.Int(32, true), new ArrowType.Int(64, true));

    private final Random rnd;
    private int names;

    RandomNestedSchema(Random rnd) {
        this.rnd = rnd;
    }

    Schema schema() {
        int n = 1 + rnd.nextInt(8);
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fields.add(topLevel());
        }
        Field timestamp = new Field(TimestampColumn.NAME,
                new FieldType(rnd.nextInt(3) == 0, new ArrowType.Int(64, true), null, metadata()), null);
        fields.add(rnd.nextInt(3) == 0 ? rnd.nextInt(fields.size() + 1) : 0, timestamp);
        Map<String, String> metadata = rnd.nextBoolean() ? null
                : Map.of("mosaico:ontology", "imu/" + rnd.nextInt(100), "description", "ünïcode ✓ \"quoted\"");
        return new Schema(fields, metadata);
    }

    /** A top-level field whose deepest leaf is at most {@code 1..MAX_DEPTH} levels down. */
    private Field topLevel() {
        int depth = 1 + rnd.nextInt(MAX_DEPTH);
        return field(name(), depth);
    }

    /** A field whose leaves are at most {@code levels} levels down (1: a leaf). */
    private Field field(String name, int levels) {
        boolean nullable = rnd.nextInt(4) != 0;
        Map<String, String> metadata = metadata();
        if (levels <= 1 || rnd.nextInt(5) == 0) {
            ArrowType type = LEAF_TYPES.get(rnd.nextInt(LEAF_TYPES.size()));
            return new Field(name, new FieldType(nullable, type, null, metadata), null);
        }
        int below = levels - 1;
        switch (rnd.nextInt(below >= 2 ? 5 : 4)) {
            case 0 -> {
                List<Field> children = new ArrayList<>();
                int n = 1 + rnd.nextInt(4);
                for (int i = 0; i < n; i++) {
                    children.add(field(name(), 1 + rnd.nextInt(below)));
                }
                return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null, metadata), children);
            }
            case 1 -> {
                return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null, metadata),
                        List.of(field(elementName(), below)));
            }
            case 2 -> {
                return new Field(name, new FieldType(nullable, ArrowType.LargeList.INSTANCE, null, metadata),
                        List.of(field(elementName(), below)));
            }
            case 3 -> {
                return new Field(name, new FieldType(nullable, new ArrowType.FixedSizeList(1 + rnd.nextInt(5)), null,
                        metadata), List.of(field(elementName(), below)));
            }
            default -> {
                // map<key, value> is list<entries: struct<key, value>>: key and value sit two levels down
                ArrowType keyType = MAP_KEY_TYPES.get(rnd.nextInt(MAP_KEY_TYPES.size()));
                Field key = new Field("key", FieldType.notNullable(keyType), null);
                Field value = field("value", below - 1);
                Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
                        List.of(key, value));
                return new Field(name, new FieldType(nullable, new ArrowType.Map(false), null, metadata),
                        List.of(entries));
            }
        }
    }

    private String name() {
        return "f" + (names++) + (rnd.nextInt(6) == 0 ? " späced-✓" : "");
    }

    private String elementName() {
        return List.of("item", "element", "$data$", "e" + (names++)).get(rnd.nextInt(4));
    }

    private Map<String, String> metadata() {
        if (rnd.nextInt(4) != 0) {
            return null;
        }
        Map<String, String> m = new LinkedHashMap<>();
        m.put("unit", List.of("m/s", "rad", "°C", "").get(rnd.nextInt(4)));
        if (rnd.nextBoolean()) {
            m.put("k" + rnd.nextInt(10), "v" + rnd.nextInt(1000));
        }
        return m;
    }
}
