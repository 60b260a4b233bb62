package io.mosaicod.db.jdbc;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.MetadataField;
import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.Operator;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of one search: topics joined with their sequence, each condition a predicate on a catalog column or
 * an {@code IN} over the flattened user metadata (V5), the ontology block's a selection of the topics whose column
 * summaries let it hold ({@link OntologyCandidates}); bound parameters collected in order.
 */
final class SearchStatement {
    private static final String SELECT = """
            SELECT t.id, s.locator AS sequence_locator, t.locator, t.ontology_tag
            FROM topic t JOIN sequence s ON s.id = t.sequence_id
            WHERE\s""";

    /** A topic's path, its locator after {@code <sequence>/}: what the 0.5 dialect's topic {@code locator} names. */
    private static final String TOPIC_PATH = "substr(t.locator, length(s.locator) + 2)";

    private final SearchDialect dialect;
    private final List<String> metadataPaths;
    private final List<String> predicates = new ArrayList<>();
    private final List<Object> parameters = new ArrayList<>();

    /** @param metadataPaths every flattened path stored ({@code metadata_key}), to resolve key paths against */
    SearchStatement(SearchDialect dialect, List<String> metadataPaths, MetadataFilter sequence, MetadataFilter topic,
                    List<OntologyCondition> ontology) {
        this.dialect = dialect;
        this.metadataPaths = metadataPaths;
        add(MetadataOwner.SEQUENCE, sequence);
        add(MetadataOwner.TOPIC, topic);
        if (!ontology.isEmpty()) {
            predicates.add(OntologyCandidates.predicate(ontology, parameters));
        }
    }

    String sql() {
        return SELECT + (predicates.isEmpty() ? "1 = 1" : String.join("\n  AND ", predicates))
                + "\nORDER BY " + dialect.answerOrder("s.locator") + ", " + dialect.answerOrder("t.locator");
    }

    Object[] parameters() {
        return parameters.toArray();
    }

    private void add(MetadataOwner owner, MetadataFilter filter) {
        for (MetadataFilter.FieldCondition field : filter.fields()) {
            String column = switch (field.field()) {
                case NAME -> owner.alias + ".locator";
                case LOCATOR -> owner == MetadataOwner.TOPIC ? TOPIC_PATH : owner.alias + ".locator";
                case CREATED_AT_NS -> owner.alias + ".created_at_ms";
                case ONTOLOGY_TAG -> owner.alias + ".ontology_tag";
                case SERIALIZATION_FORMAT -> owner.alias + ".serialization_format";
            };
            // the column bare, so that its index serves the search
            Condition condition = field.field() == MetadataField.CREATED_AT_NS
                    ? MillisecondCondition.of(field.condition()) : field.condition();
            predicates.add(compare(column, condition));
            if (field.field() == MetadataField.NAME || field.field() == MetadataField.LOCATOR) {
                suffixRange(owner, condition);
            }
        }
        for (MetadataFilter.UserMetadataCondition key : filter.userMetadata()) {
            List<String> paths = metadataPaths.stream().filter(key.path()::matchesFlattened).toList();
            predicates.add(userMetadata(owner, paths, key.condition()));
        }
    }

    /**
     * For a glob ending in literal text but starting with a wildcard, the range of reversed locators that end
     * with it too: redundant with the glob, but what lets the database read an index range instead of every name.
     * A topic's path ends as its locator does.
     */
    private void suffixRange(MetadataOwner owner, Condition condition) {
        if (condition.operator() != Operator.MATCH || condition.glob().unanchoredStartSuffix().isEmpty()) {
            return;
        }
        String reversedEnd = ReversedLocator.of(condition.glob().unanchoredStartSuffix());
        String column = dialect.byCodePoint(owner.alias + ".locator_reversed");
        parameters.add(reversedEnd);
        String range = column + " >= ?";
        Optional<String> above = ReversedLocator.prefixEnd(reversedEnd);
        if (above.isPresent()) {
            parameters.add(above.get());
            range += " AND " + column + " < ?";
        }
        predicates.add(range);
    }

    /**
     * A user-metadata condition: the owner has a value at one of {@code paths} satisfying it. {@code $nex} is
     * the absence of any non-null value there; {@code $neq} a present value none of which equals the operand.
     */
    private String userMetadata(MetadataOwner owner, List<String> paths, Condition condition) {
        Operator operator = condition.operator();
        if (paths.isEmpty()) {
            return operator == Operator.NEX ? "1 = 1" : "1 = 0";
        }
        String id = owner.alias + ".id";
        return switch (operator) {
            case EX -> id + " IN (" + present(owner, paths) + ")";
            case NEX -> id + " NOT IN (" + present(owner, paths) + ")";
            case NEQ -> id + " IN (" + present(owner, paths) + ") AND " + id + " NOT IN ("
                    + holding(owner, paths, new Condition(Operator.EQ, condition.operands())) + ")";
            default -> id + " IN (" + holding(owner, paths, condition) + ")";
        };
    }

    private String present(MetadataOwner owner, List<String> paths) {
        return valuesAt(owner, paths) + " AND value_type <> 'null'";
    }

    private String holding(MetadataOwner owner, List<String> paths, Condition condition) {
        String type = condition.operandType();
        String sql = valuesAt(owner, paths) + " AND value_type = ?";
        parameters.add(type);
        String column = type.equals("string") ? dialect.byCodePoint("text_value") : "number_value";
        return sql + " AND " + compare(column, condition);
    }

    private String valuesAt(MetadataOwner owner, List<String> paths) {
        parameters.addAll(paths);
        return "SELECT " + owner.ownerColumn + " FROM " + owner.valueTable + " WHERE path IN ("
                + placeholders(paths.size()) + ")";
    }

    /** {@code column} satisfies {@code condition}; operands are bound in order. */
    private String compare(String column, Condition condition) {
        if (condition.operator() == Operator.MATCH) {
            parameters.add(dialect.globParameter(condition.glob()));
            return dialect.matches(column);
        }
        List<FilterValue> operands = condition.operands();
        operands.forEach(value -> parameters.add(parameter(value)));
        return switch (condition.operator()) {
            case EQ -> column + " = ?";
            case NEQ -> column + " <> ?";
            case LT -> column + " < ?";
            case LEQ -> column + " <= ?";
            case GT -> column + " > ?";
            case GEQ -> column + " >= ?";
            case BETWEEN -> column + " BETWEEN ? AND ?";
            case OUTSIDE -> "(" + column + " < ? OR " + column + " > ?)";
            case IN -> column + " IN (" + placeholders(operands.size()) + ")";
            case MATCH -> throw new IllegalStateException("matched above");
            case EX -> column + " IS NOT NULL";
            case NEX -> column + " IS NULL";
        };
    }

    /** Numbers bind exactly when integral (nanosecond times), booleans as the 1/0 V5 stores them as. */
    private static Object parameter(FilterValue value) {
        if (value instanceof FilterValue.Number number) {
            return number.exactOrDouble();
        }
        if (value instanceof FilterValue.Text text) {
            return text.value();
        }
        if (value instanceof FilterValue.Bool bool) {
            return bool.value() ? 1.0 : 0.0;
        }
        throw new IllegalArgumentException(
                "the catalog holds no array column: the parser lets arrays through for ontology columns only");
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }
}
