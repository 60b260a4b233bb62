package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.Operator;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class MillisecondConditionTest {
    /** Around 2 ms and -2 ms: whole milliseconds, one nanosecond either side, and fractions of a nanosecond. */
    private static final List<String> OPERANDS = List.of("2000000", "1999999", "2000001", "2500000", "1999999.5",
            "-2000000", "-1999999", "-2000001", "-1500000", "0", "0.5", "-0.5");

    private static FilterValue number(String value) {
        return new FilterValue.Number(new BigDecimal(value));
    }

    private static BigDecimal value(FilterValue operand) {
        return ((FilterValue.Number) operand).value();
    }

    /** What the condition says of {@code time}: the reference the restated condition must agree with. */
    private static boolean holds(Condition condition, BigDecimal time) {
        List<BigDecimal> operands = condition.operands().stream().map(MillisecondConditionTest::value).toList();
        return switch (condition.operator()) {
            case EQ -> time.compareTo(operands.get(0)) == 0;
            case NEQ -> time.compareTo(operands.get(0)) != 0;
            case LT -> time.compareTo(operands.get(0)) < 0;
            case LEQ -> time.compareTo(operands.get(0)) <= 0;
            case GT -> time.compareTo(operands.get(0)) > 0;
            case GEQ -> time.compareTo(operands.get(0)) >= 0;
            case BETWEEN -> time.compareTo(operands.get(0)) >= 0 && time.compareTo(operands.get(1)) <= 0;
            case OUTSIDE -> time.compareTo(operands.get(0)) < 0 || time.compareTo(operands.get(1)) > 0;
            case IN -> operands.stream().anyMatch(o -> time.compareTo(o) == 0);
            case EX -> true;
            case NEX -> false;
            case MATCH -> throw new IllegalArgumentException();
        };
    }

    /** For every stored millisecond from -4 to 4: the restated condition on it holds as the original on its nanos. */
    private static void assertAgreesOnEveryMillisecond(Condition onNanos) {
        Condition onMillis = MillisecondCondition.of(onNanos);
        for (long ms = -4; ms <= 4; ms++) {
            assertThat(holds(onMillis, BigDecimal.valueOf(ms)))
                    .as("%s %s at %d ms, restated as %s %s", onNanos.operator(), onNanos.operands(), ms,
                            onMillis.operator(), onMillis.operands())
                    .isEqualTo(holds(onNanos, BigDecimal.valueOf(ms * 1_000_000)));
        }
        onMillis.operands().forEach(operand -> assertThat(value(operand).stripTrailingZeros().scale())
                .as("a whole number of milliseconds, bound exactly").isLessThanOrEqualTo(0));
    }

    @Test
    void comparisonsHoldOfTheSameMillisecondsAsOfTheirNanoseconds() {
        for (Operator operator : List.of(Operator.EQ, Operator.NEQ, Operator.LT, Operator.LEQ, Operator.GT,
                Operator.GEQ)) {
            OPERANDS.forEach(ns -> assertAgreesOnEveryMillisecond(new Condition(operator, List.of(number(ns)))));
        }
    }

    @Test
    void rangesRoundEachBoundInward() {
        for (Operator operator : List.of(Operator.BETWEEN, Operator.OUTSIDE)) {
            OPERANDS.forEach(low -> OPERANDS.forEach(high ->
                    assertAgreesOnEveryMillisecond(new Condition(operator, List.of(number(low), number(high))))));
        }
    }

    @Test
    void membershipKeepsTheWholeMillisecondsOnly() {
        assertAgreesOnEveryMillisecond(new Condition(Operator.IN, List.of(number("1999999"), number("3000000"))));
        assertThat(MillisecondCondition.of(new Condition(Operator.IN, List.of(number("1999999"), number("0.5")))))
                .as("no whole millisecond: no row").isEqualTo(new Condition(Operator.NEX, List.of()));
    }

    @Test
    void aNanosecondNotOnAMillisecondEqualsNoRowAndDiffersFromEveryRow() {
        assertThat(MillisecondCondition.of(new Condition(Operator.EQ, List.of(number("2000001")))).operator())
                .isEqualTo(Operator.NEX);
        assertThat(MillisecondCondition.of(new Condition(Operator.NEQ, List.of(number("2000001")))).operator())
                .isEqualTo(Operator.EX);
    }

    @Test
    void operandsBeyondALongOfMillisecondsStayExact() {
        Stream.of("9223372036854775807000001", "-9223372036854775808000001").forEach(ns ->
                assertAgreesOnEveryMillisecond(new Condition(Operator.GT, List.of(number(ns)))));
    }
}
