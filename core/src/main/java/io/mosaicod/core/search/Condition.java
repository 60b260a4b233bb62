package io.mosaicod.core.search;

import java.util.List;

/**
 * One operator and its operands, already checked against the field it applies to: one operand for
 * comparisons and {@code $match}, two for {@code $between} / {@code $outside}, one or more of one JSON type for
 * {@code $in}, none for {@code $ex} / {@code $nex}.
 */
public record Condition(Operator operator, List<FilterValue> operands) {
    public Condition {
        operands = List.copyOf(operands);
    }

    /** The single operand of a comparison or {@code $match}. */
    public FilterValue operand() {
        return operands.get(0);
    }

    /** The JSON type every operand shares; {@code null} for {@code $ex} / {@code $nex}. */
    public String operandType() {
        return operands.isEmpty() ? null : operands.get(0).typeName();
    }

    /** The compiled pattern of a {@code $match}. */
    public Glob glob() {
        return Glob.of(((FilterValue.Text) operand()).value());
    }
}
