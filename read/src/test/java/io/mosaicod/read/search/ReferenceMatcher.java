package io.mosaicod.read.search;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.OntologyPath.ListSpecifier;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
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

/**
 * The semantics of {@link ColumnCondition}, row by row and value by value, written plainly for
 * {@link OntologyMatcherTest#SCHEMA}: each leaf read with its vector's own getters into a Java value (numbers
 * as exact BigDecimals, NaN as a Double), conditions judged on those.
 */
final class ReferenceMatcher {
    private static final Object NAN = Double.NaN;

    private ReferenceMatcher() {
    }

    static boolean matches(VectorSchemaRoot batch, int row, List<OntologyCondition> conditions) {
        for (OntologyCondition c : conditions) {
            if (!matches(batch, row, c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean matches(VectorSchemaRoot batch, int row, OntologyCondition c) {
        String path = String.join(".", c.path().fields());
        Condition condition = c.condition();
        ListSpecifier list = c.path().list().orElse(null);
        if (list == null && (path.equals("effort") || path.equals("points"))) {
            List<Object> whole = path.equals("effort") ? elements(batch, row, "effort") : elements(batch, row, "points.label");
            return switch (condition.operator()) {
                case NEX -> whole == null;
                case EX -> whole != null;
                case EQ -> whole != null && sameList(whole, (FilterValue.Array) condition.operand());
                case NEQ -> whole != null && !sameList(whole, (FilterValue.Array) condition.operand());
                default -> throw new IllegalArgumentException(condition.operator().toString());
            };
        }
        if (list == null) {
            Object value = scalar(batch, row, path);
            return switch (condition.operator()) {
                case NEX -> value == null;
                case EX -> value != null;
                default -> value != null && satisfies(value, condition);
            };
        }
        List<Object> elements = elements(batch, row, path);
        return switch (list.kind()) {
            case ELEMENT -> {
                Object e = elements == null || list.index() >= elements.size() ? null : elements.get(list.index());
                yield switch (condition.operator()) {
                    case NEX -> e == null;
                    case EX -> e != null;
                    default -> e != null && satisfies(e, condition);
                };
            }
            case ANY -> elements != null && elements.stream().anyMatch(e -> judge(e, condition));
            case EVERY -> elements != null && !elements.isEmpty() && elements.stream().allMatch(e -> judge(e, condition));
        };
    }

    private static boolean sameList(List<Object> elements, FilterValue.Array array) {
        if (elements.size() != array.elements().size()) {
            return false;
        }
        for (int k = 0; k < elements.size(); k++) {
            Object e = elements.get(k);
            if (e == null || e == NAN || !equal(e, array.elements().get(k))) {
                return false;
            }
        }
        return true;
    }

    private static boolean judge(Object element, Condition condition) {
        return switch (condition.operator()) {
            case NEX -> element == null;
            case EX -> element != null;
            default -> element != null && satisfies(element, condition);
        };
    }

    private static Object scalar(VectorSchemaRoot batch, int row, String path) {
        StructVector pose = (StructVector) batch.getVector("pose");
        return switch (path) {
            case "timestamp_ns" -> BigDecimal.valueOf(((BigIntVector) batch.getVector(path)).get(row));
            case "stamp" -> {
                TimeStampNanoVector v = (TimeStampNanoVector) batch.getVector(path);
                yield v.isNull(row) ? null : BigDecimal.valueOf(v.get(row));
            }
            case "level" -> {
                UInt1Vector v = (UInt1Vector) batch.getVector(path);
                yield v.isNull(row) ? null : BigDecimal.valueOf(v.get(row) & 0xFF);
            }
            case "id" -> {
                UInt8Vector v = (UInt8Vector) batch.getVector(path);
                yield v.isNull(row) ? null : new BigDecimal(Long.toUnsignedString(v.get(row)));
            }
            case "pose" -> pose.isNull(row) ? null : "struct";
            case "pose.position.x" -> {
                StructVector position = pose.getChild("position", StructVector.class);
                Float8Vector x = position.getChild("x", Float8Vector.class);
                yield pose.isNull(row) || position.isNull(row) || x.isNull(row) ? null : number(x.get(row));
            }
            case "pose.frame" -> {
                VarCharVector frame = pose.getChild("frame", VarCharVector.class);
                yield pose.isNull(row) || frame.isNull(row) ? null : frame.getObject(row).toString();
            }
            case "nothing" -> null;
            default -> throw new IllegalArgumentException(path);
        };
    }

    /** The elements of the row's list under {@code path}; null for a null list. */
    private static List<Object> elements(VectorSchemaRoot batch, int row, String path) {
        ListVector list = (ListVector) batch.getVector(path.substring(0, path.indexOf('.') < 0 ? path.length()
                : path.indexOf('.')));
        if (list.isNull(row)) {
            return null;
        }
        List<Object> out = new ArrayList<>();
        int start = list.getElementStartIndex(row);
        int end = list.getElementEndIndex(row);
        for (int e = start; e < end; e++) {
            out.add(switch (path) {
                case "effort" -> {
                    Float4Vector items = (Float4Vector) list.getDataVector();
                    yield items.isNull(e) ? null : number(items.get(e));
                }
                case "points.label" -> {
                    StructVector point = (StructVector) list.getDataVector();
                    VarCharVector label = point.getChild("label", VarCharVector.class);
                    yield point.isNull(e) || label.isNull(e) ? null : label.getObject(e).toString();
                }
                case "points.flag" -> {
                    StructVector point = (StructVector) list.getDataVector();
                    BitVector flag = point.getChild("flag", BitVector.class);
                    yield point.isNull(e) || flag.isNull(e) ? null : flag.get(e) != 0;
                }
                default -> throw new IllegalArgumentException(path);
            });
        }
        return out;
    }

    private static Object number(double v) {
        return Double.isNaN(v) ? NAN : new BigDecimal(v);
    }

    private static boolean satisfies(Object value, Condition c) {
        if (value == NAN) {
            return c.operator() == io.mosaicod.core.search.Operator.NEQ;
        }
        return switch (c.operator()) {
            case EQ -> equal(value, c.operand());
            case NEQ -> !equal(value, c.operand());
            case IN -> c.operands().stream().anyMatch(o -> equal(value, o));
            case MATCH -> c.glob().matches((String) value);
            case LT -> compare(value, c.operand()) < 0;
            case LEQ -> compare(value, c.operand()) <= 0;
            case GT -> compare(value, c.operand()) > 0;
            case GEQ -> compare(value, c.operand()) >= 0;
            case BETWEEN -> compare(value, c.operands().get(0)) >= 0 && compare(value, c.operands().get(1)) <= 0;
            case OUTSIDE -> compare(value, c.operands().get(0)) < 0 || compare(value, c.operands().get(1)) > 0;
            default -> throw new IllegalArgumentException(c.operator().toString());
        };
    }

    private static boolean equal(Object value, FilterValue operand) {
        if (value instanceof BigDecimal n) {
            return n.compareTo(((FilterValue.Number) operand).value()) == 0;
        }
        if (value instanceof Boolean b) {
            return b == ((FilterValue.Bool) operand).value();
        }
        return value.equals(((FilterValue.Text) operand).value());
    }

    private static int compare(Object value, FilterValue operand) {
        return ((BigDecimal) value).compareTo(((FilterValue.Number) operand).value());
    }
}
