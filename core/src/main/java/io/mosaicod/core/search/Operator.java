package io.mosaicod.core.search;

import java.util.Arrays;
import java.util.Optional;

/** The operators of a condition, by their JSON names. */
public enum Operator {
    EQ("$eq"), NEQ("$neq"), LT("$lt"), LEQ("$leq"), GT("$gt"), GEQ("$geq"), BETWEEN("$between"),
    OUTSIDE("$outside"), IN("$in"), MATCH("$match"),
    /** Present and not null. */
    EX("$ex"),
    /** Absent or null. */
    NEX("$nex");

    private final String jsonName;

    Operator(String jsonName) {
        this.jsonName = jsonName;
    }

    public String jsonName() {
        return jsonName;
    }

    /** Whether the operator compares by order, which text fields do not allow. */
    public boolean isOrdering() {
        return this == LT || this == LEQ || this == GT || this == GEQ || this == BETWEEN || this == OUTSIDE;
    }

    static Optional<Operator> ofJsonName(String name) {
        return Arrays.stream(values()).filter(operator -> operator.jsonName.equals(name)).findFirst();
    }
}
