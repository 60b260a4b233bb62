package io.mosaicod.core.search;

import java.util.List;

/**
 * One operator and its operands, already checked against the field it applies to: one operand for
 * comparisons and {@code $match}, two for {@code $between} / {@code $outside}, one or more of one JSON type for
 * {@code $in}, none for {@code $ex} / {@code $nex}. A {@code $match} also carries its compiled pattern, as the
 * field's dialect read it (a glob, or 0.5's substring test).
 */
public record Condition(Operator operator, List<FilterValue> operands, Glob glob) {
    public Condition {
        operands = List.copyOf(operands);
        if ((operator == Operator.MATCH) != (glob != null)) {
            throw new IllegalArgumentException("a pattern goes with $match and only with it, not with " + operator);
        }
    }

    /** A condition other than {@code $match}. */
    public Condition(Operator operator, List<FilterValue> operands) {
        this(operator, operands, null);
    }

    /** A {@code $match} of {@code pattern}; its operand is the text the client wrote. */
    static Condition match(Glob pattern) {
        return new Condition(Operator.MATCH, List.of(new FilterValue.Text(pattern.pattern())), pattern);
    }

    /** The single operand of a comparison or {@code $match}. */
    public FilterValue operand() {
        return operands.get(0);
    }

    /** The JSON type every operand shares; {@code null} for {@code $ex} / {@code $nex}. */
    public String operandType() {
        return operands.isEmpty() ? null : operands.get(0).typeName();
    }
}
