package io.mosaicod.core.search;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;

/** What a field holds, which decides the operators and operand types a condition on it may use. */
public enum FieldKind {
    /** Names, tags and formats: compared as whole strings or by glob, never by order. */
    TEXT(EnumSet.of(Operator.EQ, Operator.NEQ, Operator.IN, Operator.MATCH, Operator.EX, Operator.NEX),
            Set.of("string"), Glob::of),
    /**
     * Text whose {@code $match} is a substring test, not a glob: the 0.5 dialect's {@code locator}, which 0.5
     * compared with SQL's {@code LIKE '%text%'}.
     */
    SUBSTRING_TEXT(TEXT.operators, TEXT.operandTypes, Glob::containing),
    /** Nanosecond timestamps. */
    TIME(EnumSet.complementOf(EnumSet.of(Operator.MATCH)), Set.of("number"), Glob::of),
    /** User metadata: any JSON value, compared by the JSON type of the operand. */
    METADATA(EnumSet.allOf(Operator.class), Set.of("number", "string", "boolean"), Glob::of),
    /** An Arrow column of an ontology; a plain list column also compares with an array. */
    COLUMN(EnumSet.allOf(Operator.class), Set.of("number", "string", "boolean", "array"), Glob::of);

    private final Set<Operator> operators;
    private final Set<String> operandTypes;
    private final Function<String, Glob> patterns;

    FieldKind(Set<Operator> operators, Set<String> operandTypes, Function<String, Glob> patterns) {
        this.operators = operators;
        this.operandTypes = operandTypes;
        this.patterns = patterns;
    }

    boolean allows(Operator operator) {
        return operators.contains(operator);
    }

    boolean allowsOperand(String typeName) {
        return operandTypes.contains(typeName);
    }

    /** The pattern a {@code $match} operand means on a field of this kind. */
    Glob pattern(String operand) {
        return patterns.apply(operand);
    }
}
