package io.mosaicod.format;

import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A field's Arrow type as Arrow itself spells it ({@code map<string, int32>}, {@code fixed_size_list<item:
 * double>[9]}, {@code timestamp[ns, tz=UTC]}): the spelling pyarrow and every Arrow C++ binding print, so that a
 * message about a client's type reads in the client's own words, never in Arrow Java's class names.
 */
public final class ArrowTypeText {

    private ArrowTypeText() {
    }

    /** The field's type, with its dictionary encoding and its children's names, types and nullability. */
    public static String of(Field field) {
        DictionaryEncoding dictionary = field.getDictionary();
        String type = nested(field.getType(), field.getChildren());
        if (dictionary == null) {
            return type;
        }
        return "dictionary<values=" + type + ", indices=" + scalar(dictionary.getIndexType())
                + ", ordered=" + (dictionary.isOrdered() ? 1 : 0) + ">";
    }

    private static String nested(ArrowType type, List<Field> children) {
        return switch (type.getTypeID()) {
            case List -> "list<" + member(children.get(0)) + ">";
            case LargeList -> "large_list<" + member(children.get(0)) + ">";
            case ListView -> "list_view<" + member(children.get(0)) + ">";
            case LargeListView -> "large_list_view<" + member(children.get(0)) + ">";
            case FixedSizeList -> "fixed_size_list<" + member(children.get(0)) + ">["
                    + ((ArrowType.FixedSizeList) type).getListSize() + "]";
            case Map -> map((ArrowType.Map) type, children.get(0).getChildren());
            case Struct -> "struct<" + members(children) + ">";
            case Union -> union((ArrowType.Union) type, children);
            case RunEndEncoded -> "run_end_encoded<run_ends: " + of(children.get(0)) + ", values: "
                    + of(children.get(1)) + ">";
            default -> scalar(type);
        };
    }

    private static String map(ArrowType.Map type, List<Field> keyAndValue) {
        return "map<" + of(keyAndValue.get(0)) + ", " + of(keyAndValue.get(1))
                + (type.getKeysSorted() ? ", keys_sorted" : "") + ">";
    }

    private static String union(ArrowType.Union type, List<Field> children) {
        StringBuilder text = new StringBuilder(type.getMode().name().toLowerCase(Locale.ROOT)).append("_union<");
        int[] typeIds = type.getTypeIds();
        for (int i = 0; i < children.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(member(children.get(i)))
                    .append('=').append(typeIds == null ? i : typeIds[i]);
        }
        return text.append('>').toString();
    }

    private static String members(List<Field> fields) {
        StringBuilder text = new StringBuilder();
        for (Field field : fields) {
            text.append(text.length() == 0 ? "" : ", ").append(member(field));
        }
        return text.toString();
    }

    private static String member(Field field) {
        return field.getName() + ": " + of(field) + (field.isNullable() ? "" : " not null");
    }

    private static String scalar(ArrowType type) {
        return switch (type.getTypeID()) {
            case Null -> "null";
            case Bool -> "bool";
            case Int -> {
                ArrowType.Int t = (ArrowType.Int) type;
                yield (t.getIsSigned() ? "int" : "uint") + t.getBitWidth();
            }
            case FloatingPoint -> switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                case HALF -> "halffloat";
                case SINGLE -> "float";
                case DOUBLE -> "double";
            };
            case Utf8 -> "string";
            case LargeUtf8 -> "large_string";
            case Utf8View -> "string_view";
            case Binary -> "binary";
            case LargeBinary -> "large_binary";
            case BinaryView -> "binary_view";
            case FixedSizeBinary -> "fixed_size_binary[" + ((ArrowType.FixedSizeBinary) type).getByteWidth() + "]";
            case Decimal -> {
                ArrowType.Decimal t = (ArrowType.Decimal) type;
                yield "decimal" + t.getBitWidth() + "(" + t.getPrecision() + ", " + t.getScale() + ")";
            }
            case Date -> switch (((ArrowType.Date) type).getUnit()) {
                case DAY -> "date32[day]";
                case MILLISECOND -> "date64[ms]";
            };
            case Time -> {
                ArrowType.Time t = (ArrowType.Time) type;
                yield "time" + t.getBitWidth() + "[" + unit(t.getUnit()) + "]";
            }
            case Timestamp -> {
                ArrowType.Timestamp t = (ArrowType.Timestamp) type;
                yield "timestamp[" + unit(t.getUnit()) + (t.getTimezone() == null ? "" : ", tz=" + t.getTimezone())
                        + "]";
            }
            case Duration -> "duration[" + unit(((ArrowType.Duration) type).getUnit()) + "]";
            case Interval -> switch (((ArrowType.Interval) type).getUnit()) {
                case YEAR_MONTH -> "month_interval";
                case DAY_TIME -> "day_time_interval";
                case MONTH_DAY_NANO -> "month_day_nano_interval";
            };
            default -> type.getTypeID().name().toLowerCase(Locale.ROOT);
        };
    }

    private static String unit(org.apache.arrow.vector.types.TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "s";
            case MILLISECOND -> "ms";
            case MICROSECOND -> "us";
            case NANOSECOND -> "ns";
        };
    }
}
