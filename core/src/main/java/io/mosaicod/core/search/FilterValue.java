package io.mosaicod.core.search;

import java.math.BigDecimal;
import java.util.List;

/** A value a condition compares with; its JSON type picks the comparison (numbers, text or booleans). */
public sealed interface FilterValue {

    /** The JSON type's name, used in messages and to check that operands agree. */
    String typeName();

    /** A JSON number, kept exact so that nanosecond timestamps beyond 2^53 compare correctly. */
    record Number(BigDecimal value) implements FilterValue {
        @Override
        public String typeName() {
            return "number";
        }

        /**
         * The value as a {@code Long} when it is integral and fits (so SQL compares it without rounding), else as a
         * {@code Double}.
         */
        public java.lang.Number exactOrDouble() {
            try {
                return value.longValueExact();
            } catch (ArithmeticException e) {
                return value.doubleValue();
            }
        }
    }

    record Text(String value) implements FilterValue {
        @Override
        public String typeName() {
            return "string";
        }
    }

    record Bool(boolean value) implements FilterValue {
        @Override
        public String typeName() {
            return "boolean";
        }
    }

    /** A JSON array; only a plain list column of an ontology compares with one ({@code $eq}, {@code $neq}). */
    record Array(List<FilterValue> elements) implements FilterValue {
        public Array {
            elements = List.copyOf(elements);
        }

        @Override
        public String typeName() {
            return "array";
        }
    }
}
