package io.mosaicod.core.search;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads one condition's JSON ({@code {"$op": operand}} or a bare {@code "$ex"} / {@code "$nex"}) and checks its operands' shape. */
final class ConditionReader {
    private ConditionReader() {
    }

    /** {@code kind} says how a {@code $match} pattern reads; the operator is checked against it by the caller. */
    static Condition read(String field, FieldKind kind, JsonNode node) {
        if (node.isTextual()) {
            return switch (node.textValue()) {
                case "$ex" -> new Condition(Operator.EX, List.of());
                case "$nex" -> new Condition(Operator.NEX, List.of());
                default -> throw new BadFilterException("condition on `" + field
                        + "` must be an object with one operator, or \"$ex\" / \"$nex\"");
            };
        }
        if (!node.isObject() || node.size() != 1) {
            throw new BadFilterException("condition on `" + field + "` must be an object with exactly one operator");
        }
        Map.Entry<String, JsonNode> entry = node.properties().iterator().next();
        Operator operator = Operator.ofJsonName(entry.getKey())
                .filter(op -> op != Operator.EX && op != Operator.NEX)
                .orElseThrow(() -> new BadFilterException("unknown operator `" + entry.getKey() + "` on `" + field
                        + "`"));
        JsonNode operand = entry.getValue();
        String what = operator.jsonName() + " on `" + field + "`";
        return switch (operator) {
            case BETWEEN, OUTSIDE -> new Condition(operator, bounds(what, operand));
            case IN -> new Condition(operator, members(what, operand));
            case MATCH -> {
                if (!operand.isTextual()) {
                    throw new BadFilterException(what + " needs a string pattern");
                }
                yield Condition.match(kind.pattern(operand.textValue()));
            }
            case EQ, NEQ -> new Condition(operator, List.of(value(what, operand, true)));
            default -> new Condition(operator, List.of(value(what, operand, false)));
        };
    }

    private static List<FilterValue> bounds(String what, JsonNode operand) {
        if (!operand.isArray() || operand.size() != 2) {
            throw new BadFilterException(what + " needs an array of two bounds [lo, hi]");
        }
        return sameType(what, operand);
    }

    private static List<FilterValue> members(String what, JsonNode operand) {
        if (!operand.isArray() || operand.isEmpty()) {
            throw new BadFilterException(what + " needs a non-empty array");
        }
        return sameType(what, operand);
    }

    private static List<FilterValue> sameType(String what, JsonNode array) {
        List<FilterValue> values = new ArrayList<>();
        for (JsonNode element : array) {
            FilterValue value = value(what, element, false);
            if (!values.isEmpty() && !values.get(0).typeName().equals(value.typeName())) {
                throw new BadFilterException(what + " mixes a " + values.get(0).typeName() + " and a "
                        + value.typeName());
            }
            values.add(value);
        }
        return values;
    }

    private static FilterValue value(String what, JsonNode node, boolean arrayAllowed) {
        if (node.isNumber()) {
            return new FilterValue.Number(node.decimalValue());
        }
        if (node.isTextual()) {
            return new FilterValue.Text(node.textValue());
        }
        if (node.isBoolean()) {
            return new FilterValue.Bool(node.booleanValue());
        }
        if (node.isArray() && arrayAllowed) {
            List<FilterValue> elements = new ArrayList<>();
            for (JsonNode element : node) {
                if (element.isArray()) {
                    throw new BadFilterException(what + ": unsupported operation on lists of lists");
                }
                elements.add(value(what, element, false));
            }
            return new FilterValue.Array(elements);
        }
        throw new BadFilterException(what + " needs a number, a string or a boolean, not " + node.getNodeType()
                .name().toLowerCase(java.util.Locale.ROOT));
    }
}
