package io.mosaicod.format;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Arrow schema ⇄ Parquet schema, the way pyarrow maps them: required/optional from nullability, 3-level
 * LIST and MAP groups, logical types (timestamps are UTC-adjusted exactly when they carry a time zone).
 * Types Parquet cannot express exactly (timestamp[s], date64, time32[s], duration) are stored in the nearest
 * Parquet type; {@code ARROW:schema} restores them on read.
 */
final class ParquetSchemaMapping {

    private ParquetSchemaMapping() {
    }

    static MessageType toParquet(Schema schema) {
        List<Type> fields = new ArrayList<>();
        for (Field f : schema.getFields()) {
            fields.add(toParquet(f, f.getName(), f.getName()));
        }
        return new MessageType("schema", fields);
    }

    private static Type toParquet(Field f, String name, String path) {
        Repetition repetition = f.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
        ArrowType type = f.getType();
        if (f.getDictionary() != null) {
            throw new UnsupportedColumnTypeException(path, f);
        }
        switch (type.getTypeID()) {
            case Struct -> {
                if (f.getChildren().isEmpty()) {
                    throw new UnsupportedColumnTypeException(path, f);
                }
                List<Type> children = new ArrayList<>();
                for (Field c : f.getChildren()) {
                    children.add(toParquet(c, c.getName(), path + "." + c.getName()));
                }
                return new GroupType(repetition, name, children);
            }
            case List, LargeList, FixedSizeList -> {
                Type element = toParquet(f.getChildren().get(0), "element", path + "[]");
                return Types.buildGroup(repetition).as(LogicalTypeAnnotation.listType())
                        .addField(new GroupType(Repetition.REPEATED, "list", element)).named(name);
            }
            case Map -> {
                Field entries = f.getChildren().get(0);
                Type key = toParquet(entries.getChildren().get(0), "key", path + ".key");
                Type value = toParquet(entries.getChildren().get(1), "value", path + ".value");
                return Types.buildGroup(repetition).as(LogicalTypeAnnotation.mapType())
                        .addField(new GroupType(Repetition.REPEATED, "key_value", key, value)).named(name);
            }
            default -> {
                return primitive(f, path).build(name, repetition);
            }
        }
    }

    /** A Parquet primitive type before it gets a name and a repetition. */
    private record PrimitiveSpec(PrimitiveTypeName physical, LogicalTypeAnnotation logical, int length) {
        PrimitiveType build(String name, Repetition repetition) {
            Types.PrimitiveBuilder<PrimitiveType> b = Types.primitive(physical, repetition);
            if (physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
                b = b.length(length);
            }
            if (logical != null) {
                b = b.as(logical);
            }
            return b.named(name);
        }
    }

    private static PrimitiveSpec spec(PrimitiveTypeName physical, LogicalTypeAnnotation logical) {
        return new PrimitiveSpec(physical, logical, 0);
    }

    private static PrimitiveSpec primitive(Field f, String path) {
        ArrowType type = f.getType();
        switch (type.getTypeID()) {
            case Bool:
                return spec(PrimitiveTypeName.BOOLEAN, null);
            case Int: {
                ArrowType.Int t = (ArrowType.Int) type;
                if (t.getBitWidth() == 64) {
                    return spec(PrimitiveTypeName.INT64, t.getIsSigned() ? null : LogicalTypeAnnotation.intType(64, false));
                }
                boolean plain = t.getBitWidth() == 32 && t.getIsSigned();
                return spec(PrimitiveTypeName.INT32,
                        plain ? null : LogicalTypeAnnotation.intType(t.getBitWidth(), t.getIsSigned()));
            }
            case FloatingPoint: {
                FloatingPointPrecision p = ((ArrowType.FloatingPoint) type).getPrecision();
                return switch (p) {
                    case HALF -> new PrimitiveSpec(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                            LogicalTypeAnnotation.float16Type(), 2);
                    case SINGLE -> spec(PrimitiveTypeName.FLOAT, null);
                    case DOUBLE -> spec(PrimitiveTypeName.DOUBLE, null);
                };
            }
            case Utf8:
            case LargeUtf8:
                return spec(PrimitiveTypeName.BINARY, LogicalTypeAnnotation.stringType());
            case Binary:
            case LargeBinary:
                return spec(PrimitiveTypeName.BINARY, null);
            case FixedSizeBinary:
                return new PrimitiveSpec(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, null,
                        ((ArrowType.FixedSizeBinary) type).getByteWidth());
            case Timestamp: {
                ArrowType.Timestamp t = (ArrowType.Timestamp) type;
                LogicalTypeAnnotation.TimeUnit unit = switch (t.getUnit()) {
                    case SECOND, MILLISECOND -> LogicalTypeAnnotation.TimeUnit.MILLIS;
                    case MICROSECOND -> LogicalTypeAnnotation.TimeUnit.MICROS;
                    case NANOSECOND -> LogicalTypeAnnotation.TimeUnit.NANOS;
                };
                return spec(PrimitiveTypeName.INT64, LogicalTypeAnnotation.timestampType(t.getTimezone() != null, unit));
            }
            case Date:
                return spec(PrimitiveTypeName.INT32, LogicalTypeAnnotation.dateType());
            case Time: {
                TimeUnit unit = ((ArrowType.Time) type).getUnit();
                return switch (unit) {
                    case SECOND, MILLISECOND -> spec(PrimitiveTypeName.INT32,
                            LogicalTypeAnnotation.timeType(true, LogicalTypeAnnotation.TimeUnit.MILLIS));
                    case MICROSECOND -> spec(PrimitiveTypeName.INT64,
                            LogicalTypeAnnotation.timeType(true, LogicalTypeAnnotation.TimeUnit.MICROS));
                    case NANOSECOND -> spec(PrimitiveTypeName.INT64,
                            LogicalTypeAnnotation.timeType(true, LogicalTypeAnnotation.TimeUnit.NANOS));
                };
            }
            case Duration:
                return spec(PrimitiveTypeName.INT64, null);
            case Decimal: {
                ArrowType.Decimal t = (ArrowType.Decimal) type;
                if (t.getBitWidth() != 128) {
                    break;
                }
                return new PrimitiveSpec(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                        LogicalTypeAnnotation.decimalType(t.getScale(), t.getPrecision()),
                        decimalBytes(t.getPrecision()));
            }
            default:
                break;
        }
        throw new UnsupportedColumnTypeException(path, f);
    }

    /** Fewest bytes of a two's-complement integer that hold every value of {@code precision} digits. */
    static int decimalBytes(int precision) {
        int bytes = 1;
        while (Math.log10(Math.pow(2, 8 * bytes - 1)) < precision) {
            bytes++;
        }
        return bytes;
    }

    /** The Arrow schema of a Parquet file that carries no {@code ARROW:schema} (DuckDB, Spark...). */
    static Schema toArrow(MessageType message, String chunkName) throws ChunkFormatException {
        List<Field> fields = new ArrayList<>();
        for (Type t : message.getFields()) {
            fields.add(toArrow(t, t.getName(), chunkName));
        }
        return new Schema(fields);
    }

    private static Field toArrow(Type t, String path, String chunkName) throws ChunkFormatException {
        if (t.isRepetition(Repetition.REPEATED)) {
            throw new ChunkFormatException(chunkName, "column '" + path
                    + "' is a legacy repeated field without a LIST group, which is not supported");
        }
        boolean nullable = t.isRepetition(Repetition.OPTIONAL);
        if (t.isPrimitive()) {
            return new Field(t.getName(), new FieldType(nullable, arrowType(t.asPrimitiveType(), path, chunkName), null),
                    null);
        }
        GroupType g = t.asGroupType();
        LogicalTypeAnnotation logical = g.getLogicalTypeAnnotation();
        if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
            Type element = ParquetSchemaShapes.listElement(g, path, chunkName);
            Field child = toArrow(element, path + "[]", chunkName);
            return new Field(t.getName(), new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(child));
        }
        if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
                || logical == LogicalTypeAnnotation.MapKeyValueTypeAnnotation.getInstance()) {
            GroupType keyValue = ParquetSchemaShapes.mapKeyValue(g, path, chunkName);
            Field key = toArrow(keyValue.getType(0), path + ".key", chunkName);
            Field value = toArrow(keyValue.getType(1), path + ".value", chunkName);
            Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
                    List.of(new Field("key", new FieldType(false, key.getType(), null), key.getChildren()),
                            new Field("value", value.getFieldType(), value.getChildren())));
            return new Field(t.getName(), new FieldType(nullable, new ArrowType.Map(false), null), List.of(entries));
        }
        List<Field> children = new ArrayList<>();
        for (Type c : g.getFields()) {
            children.add(toArrow(c, path + "." + c.getName(), chunkName));
        }
        return new Field(t.getName(), new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
    }

    private static ArrowType arrowType(PrimitiveType p, String path, String chunkName) throws ChunkFormatException {
        LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
        switch (p.getPrimitiveTypeName()) {
            case BOOLEAN:
                return ArrowType.Bool.INSTANCE;
            case INT32:
                if (logical instanceof IntLogicalTypeAnnotation i) {
                    return new ArrowType.Int(i.getBitWidth(), i.isSigned());
                }
                if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    return new ArrowType.Date(DateUnit.DAY);
                }
                if (logical instanceof TimeLogicalTypeAnnotation) {
                    return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
                }
                if (logical instanceof DecimalLogicalTypeAnnotation d) {
                    return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
                }
                return new ArrowType.Int(32, true);
            case INT64:
                if (logical instanceof IntLogicalTypeAnnotation i) {
                    return new ArrowType.Int(i.getBitWidth(), i.isSigned());
                }
                if (logical instanceof TimestampLogicalTypeAnnotation ts) {
                    return new ArrowType.Timestamp(arrowUnit(ts.getUnit()), ts.isAdjustedToUTC() ? "UTC" : null);
                }
                if (logical instanceof TimeLogicalTypeAnnotation time) {
                    return new ArrowType.Time(arrowUnit(time.getUnit()), 64);
                }
                if (logical instanceof DecimalLogicalTypeAnnotation d) {
                    return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
                }
                return new ArrowType.Int(64, true);
            case FLOAT:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case BINARY:
                if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
                    return ArrowType.Utf8.INSTANCE;
                }
                if (logical instanceof DecimalLogicalTypeAnnotation d) {
                    return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
                }
                return ArrowType.Binary.INSTANCE;
            case FIXED_LEN_BYTE_ARRAY:
                if (logical instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
                    return new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
                }
                if (logical instanceof DecimalLogicalTypeAnnotation d) {
                    return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
                }
                return new ArrowType.FixedSizeBinary(p.getTypeLength());
            default:
                throw new ChunkFormatException(chunkName, "column '" + path + "' has Parquet type "
                        + p.getPrimitiveTypeName() + ", which is not supported");
        }
    }

    private static TimeUnit arrowUnit(LogicalTypeAnnotation.TimeUnit unit) {
        return switch (unit) {
            case MILLIS -> TimeUnit.MILLISECOND;
            case MICROS -> TimeUnit.MICROSECOND;
            case NANOS -> TimeUnit.NANOSECOND;
        };
    }
}
