package io.mosaicod.db.jdbc;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.Operator;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * A condition on a time in nanoseconds restated on the same time kept in whole milliseconds ({@code created_at_ms}),
 * so that the column is compared bare and its index serves the search ({@code created_at_ms * 1000000 > ?} made every
 * such search read the whole table). For a whole number of milliseconds {@code ms}, {@code ms * 10^6 > ns} holds
 * exactly when {@code ms > floor(ns / 10^6)}, {@code >=} when {@code ms >= ceil(ns / 10^6)}, {@code <} when
 * {@code ms < ceil(ns / 10^6)}, {@code <=} when {@code ms <= floor(ns / 10^6)}; only an operand that is a whole number
 * of milliseconds can be equal. Since the column is never null, {@code $ex} stands for "every row" and {@code $nex}
 * for "none".
 */
final class MillisecondCondition {
    private static final BigDecimal NANOS_PER_MILLI = BigDecimal.valueOf(1_000_000);
    private static final Condition EVERY_ROW = new Condition(Operator.EX, List.of());
    private static final Condition NO_ROW = new Condition(Operator.NEX, List.of());

    private MillisecondCondition() {
    }

    /** @param onNanos a condition of a time field: numeric operands, any operator but {@code $match} */
    static Condition of(Condition onNanos) {
        List<BigDecimal> ns = onNanos.operands().stream().map(MillisecondCondition::nanos).toList();
        return switch (onNanos.operator()) {
            case GT, LEQ -> new Condition(onNanos.operator(), List.of(millis(ns.get(0), RoundingMode.FLOOR)));
            case GEQ, LT -> new Condition(onNanos.operator(), List.of(millis(ns.get(0), RoundingMode.CEILING)));
            case BETWEEN, OUTSIDE -> new Condition(onNanos.operator(),
                    List.of(millis(ns.get(0), RoundingMode.CEILING), millis(ns.get(1), RoundingMode.FLOOR)));
            case EQ -> isWholeMillis(ns.get(0)) ? new Condition(Operator.EQ, List.of(exactMillis(ns.get(0)))) : NO_ROW;
            case NEQ -> isWholeMillis(ns.get(0)) ? new Condition(Operator.NEQ, List.of(exactMillis(ns.get(0))))
                    : EVERY_ROW;
            case IN -> {
                List<FilterValue> whole = ns.stream().filter(MillisecondCondition::isWholeMillis)
                        .map(MillisecondCondition::exactMillis).toList();
                yield whole.isEmpty() ? NO_ROW : new Condition(Operator.IN, whole);
            }
            case EX, NEX -> onNanos;
            case MATCH -> throw new IllegalArgumentException("a time field takes no $match");
        };
    }

    private static BigDecimal nanos(FilterValue value) {
        if (value instanceof FilterValue.Number number) {
            return number.value();
        }
        throw new IllegalArgumentException("a time field takes numbers, not " + value.typeName());
    }

    private static boolean isWholeMillis(BigDecimal ns) {
        return ns.remainder(NANOS_PER_MILLI).signum() == 0;
    }

    private static FilterValue millis(BigDecimal ns, RoundingMode rounding) {
        return new FilterValue.Number(ns.divide(NANOS_PER_MILLI, 0, rounding));
    }

    private static FilterValue exactMillis(BigDecimal ns) {
        return millis(ns, RoundingMode.UNNECESSARY);
    }
}
