package io.mosaicod.core.search;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.core.RequestJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@code query} body (SEARCH.md §1) into a {@link SearchFilter}, checking every operator against the kind of
 * field it applies to. Every mistake is a {@link BadFilterException} naming the field and the rule.
 *
 * <p>The 0.5 SDK's dialect is read too (docs/search.md): a {@code locator} field in a sequence or topic block, and
 * {@code include_timestamp_range} in the ontology block.
 */
public final class SearchFilterParser {
    /** A key given twice would silently drop one of the conditions: refused instead. */
    private static final ObjectMapper JSON = JsonMapper.builder(RequestJson.factory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // filter operands compare exactly with int64 / uint64 columns: a fraction must not pass through a double
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final String USER_METADATA = "user_metadata";
    private static final String INCLUDE_TIMESTAMP_RANGE = "include_timestamp_range";
    private static final Set<MetadataField> SEQUENCE_FIELDS = EnumSet.of(MetadataField.NAME, MetadataField.LOCATOR,
            MetadataField.CREATED_AT_NS);

    private SearchFilterParser() {
    }

    /** An absent or empty body is an empty filter, which matches every topic. */
    public static SearchFilter parse(byte[] body) {
        if (body == null || body.length == 0) {
            return new SearchFilter(MetadataFilter.NONE, MetadataFilter.NONE, List.of(), false);
        }
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (StreamConstraintsException e) {
            throw new BadFilterException("body deserialization error (" + RequestJson.brokenLimit(e) + ")");
        } catch (IOException e) {
            throw new BadFilterException("body deserialization error");
        }
        ObjectNode request = object(root, "the query");
        MetadataFilter sequence = MetadataFilter.NONE;
        MetadataFilter topic = MetadataFilter.NONE;
        List<SearchFilter.OntologyCondition> ontology = List.of();
        boolean includeTimestampRange = false;
        for (Map.Entry<String, JsonNode> block : request.properties()) {
            switch (block.getKey()) {
                case "sequence" -> sequence = metadata("sequence", block.getValue(), false);
                case "topic" -> topic = metadata("topic", block.getValue(), true);
                case "ontology" -> {
                    ObjectNode conditions = object(block.getValue(), "the `ontology` block");
                    // 0.5's flag rides in the ontology block although it names no column: out before paths are read
                    includeTimestampRange = includeTimestampRange(conditions.remove(INCLUDE_TIMESTAMP_RANGE));
                    ontology = ontology(conditions);
                }
                default -> throw new BadFilterException("unknown query block `" + block.getKey()
                        + "` (expected `sequence`, `topic` or `ontology`)");
            }
        }
        return new SearchFilter(sequence, topic, ontology, includeTimestampRange);
    }

    private static boolean includeTimestampRange(JsonNode flag) {
        if (flag != null && !flag.isBoolean()) {
            throw new BadFilterException("`ontology." + INCLUDE_TIMESTAMP_RANGE + "` must be true or false");
        }
        return flag != null && flag.booleanValue();
    }

    private static MetadataFilter metadata(String block, JsonNode node, boolean isTopic) {
        List<MetadataFilter.FieldCondition> fields = new ArrayList<>();
        List<MetadataFilter.UserMetadataCondition> userMetadata = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : object(node, "the `" + block + "` block").properties()) {
            String name = entry.getKey();
            if (name.equals(USER_METADATA)) {
                String where = block + "." + USER_METADATA;
                for (Map.Entry<String, JsonNode> key : object(entry.getValue(), "`" + where + "`").properties()) {
                    userMetadata.add(new MetadataFilter.UserMetadataCondition(KeyPath.parse(key.getKey()),
                            condition(where + "." + key.getKey(), FieldKind.METADATA, key.getValue())));
                }
                continue;
            }
            MetadataField field = MetadataField.ofJsonName(name)
                    .filter(f -> isTopic || SEQUENCE_FIELDS.contains(f))
                    .orElseThrow(() -> new BadFilterException("unknown field `" + name + "` in the `" + block
                            + "` block"));
            fields.add(new MetadataFilter.FieldCondition(field,
                    condition(block + "." + name, field.kind(), entry.getValue())));
        }
        requireOneDialect(block, fields);
        return new MetadataFilter(fields, userMetadata);
    }

    /**
     * A block names the sequence or topic either as 0.7 does ({@code name}) or as 0.5 did ({@code locator}), not
     * both: their {@code $match} differ (a glob, a substring), and for a topic so does the text they compare with.
     * No SDK sends both, so a block with both mixes the dialects up, and which meaning was wanted cannot be told.
     */
    private static void requireOneDialect(String block, List<MetadataFilter.FieldCondition> fields) {
        Set<MetadataField> named = EnumSet.noneOf(MetadataField.class);
        fields.forEach(f -> named.add(f.field()));
        if (named.contains(MetadataField.NAME) && named.contains(MetadataField.LOCATOR)) {
            throw new BadFilterException("the `" + block + "` block has both `name` (the 0.7 dialect) and `locator`"
                    + " (the 0.5 dialect), whose $match differ: use one of them");
        }
    }

    /**
     * An {@code ontology} block on its own (the clusterize and intersect requests carry one).
     *
     * @throws BadFilterException as {@link #parse} does
     */
    public static List<SearchFilter.OntologyCondition> parseOntology(JsonNode node) {
        return ontology(node);
    }

    private static List<SearchFilter.OntologyCondition> ontology(JsonNode node) {
        List<SearchFilter.OntologyCondition> conditions = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : object(node, "the `ontology` block").properties()) {
            conditions.add(new SearchFilter.OntologyCondition(OntologyPath.parse(entry.getKey()),
                    condition("ontology." + entry.getKey(), FieldKind.COLUMN, entry.getValue())));
        }
        return conditions;
    }

    /** Reads one condition on {@code field} (named in messages), checked against the field's kind. */
    static Condition condition(String field, FieldKind kind, JsonNode node) {
        Condition condition = ConditionReader.read(field, kind, node);
        Operator operator = condition.operator();
        if (!kind.allows(operator)) {
            throw new BadFilterException("operator " + operator.jsonName() + " is not supported on `" + field
                    + "`" + (operator.isOrdering() ? ", a text field" : ""));
        }
        String type = condition.operandType();
        if (type != null && !kind.allowsOperand(type)) {
            throw new BadFilterException("`" + field + "` cannot be compared with a value of type " + type);
        }
        if (operator.isOrdering() && type != null && !type.equals("number") && !type.equals("string")) {
            throw new BadFilterException("operator " + operator.jsonName() + " on `" + field
                    + "` needs numbers or strings, not a " + type);
        }
        return condition;
    }

    private static ObjectNode object(JsonNode node, String what) {
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw new BadFilterException(what + " must be a JSON object");
    }
}
