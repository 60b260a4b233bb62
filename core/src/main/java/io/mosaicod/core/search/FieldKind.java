package io.mosaicod.core.search;

import java.util.EnumSet;
import java.util.Set;

/** What a field holds, which decides the operators and operand types a condition on it may use. */
public enum FieldKind {
    /** Names, tags and formats: compared as whole strings or by glob, never by order. */
    TEXT(EnumSet.of(Operator.EQ, Operator.NEQ, Operator.IN, Operator.MATCH, Operator.EX, Operator.NEX),
            Set.of("string")),
    /** Nanosecond timestamps. */
    TIME(EnumSet.complementOf(EnumSet.of(Operator.MATCH)), Set.of("number")),
    /** User metadata: any JSON value, compared by the JSON type of the operand. */
    METADATA(EnumSet.allOf(Operator.class), Set.of("number", "string", "boolean")),
    /** An Arrow column of an ontology; a plain list column also compares with an array. */
    COLUMN(EnumSet.allOf(Operator.class), Set.of("number", "string", "boolean", "array"));

    private final Set<Operator> operators;
    private final Set<String> operandTypes;

    FieldKind(Set<Operator> operators, Set<String> operandTypes) {
        this.operators = operators;
        this.operandTypes = operandTypes;
    }

    boolean allows(Operator operator) {
        return operators.contains(operator);
    }

    boolean allowsOperand(String typeName) {
        return operandTypes.contains(typeName);
    }
}
