package io.mosaicod.read.search;

import io.mosaicod.core.search.BadFilterException;
import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.OntologyPath;
import io.mosaicod.core.search.OntologyPath.ListSpecifier;
import io.mosaicod.core.search.Operator;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A topic's ontology conditions bound to its Arrow schema, answering which rows of a batch satisfy all of
 * them. Binding checks each path and operand against the column it names (a number for a numeric column, a
 * string for a utf8 one...), so a bad filter is refused before any chunk is read. A path naming no column of
 * the topic is a value absent from every row: only {@code $nex} holds there.
 */
public final class OntologyMatcher {
    private final List<RowCondition> conditions;
    /** A condition on a column the topic does not have that absence does not satisfy: nothing matches. */
    private final boolean impossible;
    private long[] rows = new long[0];

    private OntologyMatcher(List<RowCondition> conditions, boolean impossible) {
        this.conditions = conditions;
        this.impossible = impossible;
    }

    /**
     * @param maxPlainListEqValues values an array compared with a whole list may hold
     * @throws BadFilterException for a path or operand that does not fit the topic's columns
     */
    public static OntologyMatcher bind(Schema schema, List<OntologyCondition> conditions, int maxPlainListEqValues) {
        List<RowCondition> bound = new ArrayList<>();
        boolean impossible = false;
        for (OntologyCondition c : conditions) {
            Optional<RowCondition> column = bind(schema, c.path(), c.condition(), maxPlainListEqValues);
            if (column.isPresent()) {
                bound.add(column.get());
            } else {
                impossible |= c.condition().operator() != Operator.NEX;
            }
        }
        return new OntologyMatcher(bound, impossible);
    }

    /** The rows of {@code batch} satisfying every condition, as a bitmap (bit i of word i / 64), valid until the next call. */
    public long[] matches(VectorSchemaRoot batch) {
        int count = batch.getRowCount();
        int words = (count + 63) >>> 6;
        if (rows.length < words) {
            rows = new long[Math.max(words, 2 * rows.length)];
        }
        Arrays.fill(rows, 0, words, impossible ? 0L : -1L);
        if (!impossible && (count & 63) != 0) {
            rows[words - 1] = (1L << count) - 1; // bits past the last row stay clear
        }
        for (RowCondition c : conditions) {
            c.and(batch, rows);
        }
        return rows;
    }

    /** The first row of {@code batch} satisfying every condition, or -1. */
    public int firstMatch(VectorSchemaRoot batch) {
        long[] bits = matches(batch);
        int words = (batch.getRowCount() + 63) >>> 6;
        for (int w = 0; w < words; w++) {
            if (bits[w] != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits[w]);
            }
        }
        return -1;
    }

    private static Optional<RowCondition> bind(Schema schema, OntologyPath path, Condition condition,
                                               int maxPlainListEqValues) {
        List<String> fields = path.fields();
        List<Integer> route = new ArrayList<>();
        int listStep = -1;
        List<Field> siblings = schema.getFields();
        Field field = null;
        for (int k = 0; k < fields.size(); k++) {
            int position = positionOf(siblings, fields.get(k));
            if (position < 0) {
                return Optional.empty();
            }
            field = siblings.get(position);
            route.add(position);
            boolean specified = path.list().isPresent() && path.list().get().afterField() == k;
            if (isList(field.getType()) && !specified) {
                if (k < fields.size() - 1) {
                    throw new BadFilterException("list `" + fields.get(k) + "` in `" + pathText(path)
                            + "` needs [i], [?] or [!]");
                }
                if (!isExistence(condition)) {
                    return Optional.of(wholeList(route, listStep, field, condition, path, maxPlainListEqValues));
                }
                break; // $ex / $nex of the list itself
            }
            if (isList(field.getType())) {
                if (listStep >= 0) {
                    throw new BadFilterException("unsupported operation: `" + pathText(path) + "` crosses two lists");
                }
                field = field.getChildren().get(0);
                route.add(0);
                listStep = route.size() - 2;
                if (isList(field.getType())) {
                    throw new BadFilterException("unsupported operation: `" + pathText(path) + "` is a list of lists");
                }
            } else if (specified) {
                throw new BadFilterException("`" + fields.get(k) + "` in `" + pathText(path) + "` is not a list");
            }
            siblings = field.getChildren();
        }
        boolean container = field.getType() instanceof ArrowType.Struct || isList(field.getType());
        if (!field.getChildren().isEmpty() && !(container && isExistence(condition))) {
            throw new BadFilterException("`" + pathText(path) + "` names a struct, not a value");
        }
        ValueTest test = isExistence(condition) ? null : valueTest(field, condition, path);
        return Optional.of(new ColumnCondition(route.stream().mapToInt(Integer::intValue).toArray(), listStep,
                path.list().orElse(null), test, condition.operator() == Operator.NEX));
    }

    /**
     * {@code $eq} / {@code $neq} of a whole list with an array of at most {@code maxValues} values of the
     * elements' type.
     */
    private static RowCondition wholeList(List<Integer> route, int listStep, Field list, Condition c,
                                          OntologyPath path, int maxValues) {
        if (listStep >= 0) {
            throw new BadFilterException("unsupported operation: `" + pathText(path) + "` crosses two lists");
        }
        if (!(c.operand() instanceof FilterValue.Array array)
                || c.operator() != Operator.EQ && c.operator() != Operator.NEQ) {
            throw new BadFilterException("list `" + pathText(path) + "` compares only with $eq / $neq and an array;"
                    + " name its elements with [i], [?] or [!]");
        }
        if (array.elements().size() > maxValues) {
            throw new BadFilterException("an array of " + array.elements().size() + " values compared with `"
                    + pathText(path) + "`; the limit is " + maxValues + " (MOSAICOD_MAX_SIZE_PLAIN_LIST_EQ)");
        }
        Field element = list.getChildren().get(0);
        ArrowType type = element.getType();
        String wanted = type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint f
                && f.getPrecision() != FloatingPointPrecision.HALF ? "number"
                : type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8 ? "string"
                : type instanceof ArrowType.Bool ? "boolean" : null;
        if (wanted == null) {
            throw new BadFilterException("unsupported operation: `" + pathText(path) + "` is a list of " + type);
        }
        for (FilterValue v : array.elements()) {
            if (!v.typeName().equals(wanted)) {
                throw new BadFilterException("`" + pathText(path) + "` holds " + wanted + "s; the array holds a "
                        + v.typeName());
            }
        }
        return new ListEqualsCondition(route.stream().mapToInt(Integer::intValue).toArray(), type, array.elements(),
                c.operator() == Operator.NEQ);
    }

    private static boolean isExistence(Condition c) {
        return c.operator() == Operator.EX || c.operator() == Operator.NEX;
    }

    private static ValueTest valueTest(Field field, Condition c, OntologyPath path) {
        ArrowType type = field.getType();
        String operandType = c.operandType();
        if (type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8) {
            require(operandType.equals("string") && !c.operator().isOrdering(), c, path, "a text column");
            return TextTest.of(c);
        }
        if (c.operator() == Operator.MATCH) {
            throw mismatch(c, path, "a column that is not text");
        }
        if (type instanceof ArrowType.Bool) {
            require(operandType.equals("boolean") && !c.operator().isOrdering(), c, path, "a bool column");
            return BooleanTest.of(c);
        }
        require(operandType.equals("number"), c, path, "a numeric column");
        if (type instanceof ArrowType.Int i) {
            return IntegerTest.of(c, i.getBitWidth() / 8, !i.getIsSigned());
        }
        if (type instanceof ArrowType.FloatingPoint f && f.getPrecision() != FloatingPointPrecision.HALF) {
            return FloatingTest.of(c, f.getPrecision() == FloatingPointPrecision.SINGLE);
        }
        if (type instanceof ArrowType.Timestamp || type instanceof ArrowType.Duration) {
            return IntegerTest.of(c, 8, false);
        }
        if (type instanceof ArrowType.Date d) {
            return IntegerTest.of(c, d.getUnit() == DateUnit.DAY ? 4 : 8, false);
        }
        if (type instanceof ArrowType.Time t) {
            return IntegerTest.of(c, t.getBitWidth() / 8, false);
        }
        throw new BadFilterException("column `" + pathText(path) + "` of type " + type + " cannot be filtered yet");
    }

    private static void require(boolean fits, Condition c, OntologyPath path, String what) {
        if (!fits) {
            throw mismatch(c, path, what);
        }
    }

    private static BadFilterException mismatch(Condition c, OntologyPath path, String what) {
        String operand = c.operands().isEmpty() || c.operand() instanceof FilterValue.Array ? c.operandType()
                : c.operandType() + " operand";
        return new BadFilterException(c.operator().jsonName() + " with a " + operand + " does not apply to `"
                + pathText(path) + "`, " + what);
    }

    private static boolean isList(ArrowType type) {
        return type instanceof ArrowType.List || type instanceof ArrowType.LargeList
                || type instanceof ArrowType.FixedSizeList;
    }

    private static int positionOf(List<Field> fields, String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).getName().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static String pathText(OntologyPath path) {
        return path.tag() + "." + String.join(".", path.fields());
    }
}
