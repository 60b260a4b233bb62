package io.mosaicod.read.search;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.Operator;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.TextColumnStats;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Which chunks an ontology filter can skip without reading them, from the statistics the repository keeps
 * per chunk and leaf column (min, max, has_null, has_nan). A row matches when it satisfies every condition,
 * so a chunk is skipped as soon as one condition cannot hold for any of its rows; when in doubt (no
 * statistics, a kind that does not fit the operand, an operator statistics say nothing about) it is read.
 *
 * <p>Semantics the decisions rely on, shared with the row evaluation: a null satisfies only {@code $nex};
 * NaN satisfies {@code $neq} and nothing else that compares; {@code [!]} (every element) needs at least one
 * element, so that, as with {@code [?]} and {@code [i]}, a matching row has an element within the leaf's
 * statistics. Numeric statistics are doubles, rounded from the
 * column's values as the operand is rounded here; both roundings keep order, so every comparison that keeps a
 * chunk is made non-strict, and a chunk is never skipped because of rounding. {@code $neq} skips a chunk only
 * when every value in it is the operand (min = max = operand, no NaN): upstream skips whenever the operand lies
 * within [min, max], losing the chunk's other values (SEARCH.md §1).
 */
public final class ChunkPruning {
    private ChunkPruning() {
    }

    /**
     * Whether a chunk whose statistics are {@code statsByPath} (keyed by dotted leaf path, list levels not
     * named) may hold a row satisfying every one of {@code conditions}.
     */
    public static boolean mayMatch(List<OntologyCondition> conditions, Map<String, ColumnStats> statsByPath) {
        for (OntologyCondition c : conditions) {
            ColumnStats stats = statsByPath.get(String.join(".", c.path().fields()));
            if (stats != null && !mayMatch(c, stats)) {
                return false;
            }
        }
        return true;
    }

    /** Whether some value of the chunk described by {@code stats} may satisfy {@code condition}. */
    static boolean mayMatch(OntologyCondition condition, ColumnStats stats) {
        Condition c = condition.condition();
        boolean nested = condition.path().fields().size() > 1 || condition.path().list().isPresent();
        return switch (c.operator()) {
            // a null above a nested leaf (a null struct, a null or empty list) may not show in its has_null
            case NEX -> nested || stats.hasNull();
            case EX -> hasValue(stats);
            case MATCH -> hasValue(stats);
            default -> c.operand() instanceof FilterValue.Array || compare(c, stats);
        };
    }

    private static boolean hasValue(ColumnStats stats) {
        if (stats instanceof NumericColumnStats n) {
            return n.min().isPresent() || n.hasNan();
        }
        return ((TextColumnStats) stats).min().isPresent();
    }

    private static boolean compare(Condition c, ColumnStats stats) {
        if (stats instanceof NumericColumnStats n) {
            return numeric(c, n);
        }
        return text(c, (TextColumnStats) stats);
    }

    private static boolean numeric(Condition c, NumericColumnStats stats) {
        if (!(c.operand() instanceof FilterValue.Number)) {
            return true; // the row evaluation refuses or decides a mismatched operand
        }
        if (stats.min().isEmpty() || stats.max().isEmpty()) {
            return c.operator() == Operator.NEQ && stats.hasNan(); // only nulls and NaN
        }
        double min = stats.min().getAsDouble();
        double max = stats.max().getAsDouble();
        return switch (c.operator()) {
            case EQ -> min <= number(c, 0) && number(c, 0) <= max;
            case NEQ -> stats.hasNan() || min != max || min != number(c, 0);
            case LT, LEQ -> min <= number(c, 0);
            case GT, GEQ -> max >= number(c, 0);
            case BETWEEN -> min <= number(c, 1) && max >= number(c, 0);
            case OUTSIDE -> min <= number(c, 0) || max >= number(c, 1);
            case IN -> c.operands().stream().anyMatch(v -> v instanceof FilterValue.Number x
                    && min <= x.value().doubleValue() && x.value().doubleValue() <= max);
            default -> true;
        };
    }

    private static double number(Condition c, int operand) {
        return ((FilterValue.Number) c.operands().get(operand)).value().doubleValue();
    }

    private static boolean text(Condition c, TextColumnStats stats) {
        if (!(c.operand() instanceof FilterValue.Text)) {
            return true;
        }
        if (stats.min().isEmpty() || stats.max().isEmpty()) {
            return false; // only nulls, which satisfy no comparison
        }
        byte[] min = utf8(stats.min().get());
        byte[] max = utf8(stats.max().get());
        return switch (c.operator()) {
            case EQ -> within(utf8(text(c, 0)), min, max);
            case NEQ -> !Arrays.equals(min, max) || !Arrays.equals(min, utf8(text(c, 0)));
            case IN -> c.operands().stream().anyMatch(v -> v instanceof FilterValue.Text t
                    && within(utf8(t.value()), min, max));
            default -> true;
        };
    }

    private static String text(Condition c, int operand) {
        return ((FilterValue.Text) c.operands().get(operand)).value();
    }

    /** Text statistics order values by their UTF-8 bytes, unsigned (not as Java orders strings). */
    private static boolean within(byte[] value, byte[] min, byte[] max) {
        return Arrays.compareUnsigned(min, value) <= 0 && Arrays.compareUnsigned(value, max) <= 0;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
