package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.MetadataFilter;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random user metadata and random filters: the repository's answer equals a reference evaluation of the
 * documented semantics over the JSON documents themselves (a path's values found by walking the document,
 * lists lax). Prints its seed; {@code -Dsearch.seed=N} replays one.
 */
class RandomizedSearchTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] KEYS = {"a", "b", "c", "my key"};
    private static final String[] TEXTS = {"x", "y", "xy", "Z", "x1", ""};
    private static final int SEQUENCES = 40;
    private static final int FILTERS = 400;

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void answersEqualAReferenceEvaluationOfTheDocuments(String dialect) throws Exception {
        long seed = Long.getLong("search.seed", System.nanoTime());
        System.out.println("RandomizedSearchTest " + dialect + " seed " + seed + " (replay: -Dsearch.seed=" + seed + ")");
        Random random = new Random(seed);
        try (TestRepository test = new JdbcTestRepository(dialect.equals("sqlite") ? SqliteDatabase.create()
                : PostgresServer.shared().createDatabase())) {
            Catalog catalog = test.repository().catalog();
            Map<String, JsonNode> documents = new TreeMap<>();
            for (int i = 0; i < SEQUENCES; i++) {
                ObjectNode document = object(random, 0);
                String name = "s" + i;
                documents.put(name, document);
                long session = catalog.createSession(catalog.createSequence(name, document.toString(), "sq_" + i).id())
                        .id();
                catalog.createTopic(new NewTopic(session, name + "/t", "{}", "tp_" + i, "default", Optional.empty()));
            }
            for (int f = 0; f < FILTERS; f++) {
                String keyPath = keyPath(random);
                String condition = condition(random);
                String json = "{\"sequence\":{\"user_metadata\":{\"" + keyPath + "\":" + condition + "}}}";
                SearchFilter filter = SearchFilterParser.parse(json.getBytes(StandardCharsets.UTF_8));
                MetadataFilter.UserMetadataCondition parsed = filter.sequence().userMetadata().get(0);
                List<String> expected = documents.entrySet().stream()
                        .filter(e -> ReferenceEvaluation.holds(e.getValue(), parsed.path(), parsed.condition()))
                        .map(Map.Entry::getKey).toList();
                List<String> actual = test.repository().search().find(filter.sequence(), filter.topic()).stream()
                        .map(SearchHit::sequence).toList();
                assertThat(actual).as("seed %d, filter %s", seed, json).isEqualTo(expected);
            }
        }
    }

    private static ObjectNode object(Random random, int depth) {
        ObjectNode object = NODES.objectNode();
        int keys = random.nextInt(depth == 0 ? 4 : 3);
        for (int i = 0; i <= keys; i++) {
            object.set(KEYS[random.nextInt(KEYS.length)], value(random, depth + 1));
        }
        return object;
    }

    private static JsonNode value(Random random, int depth) {
        int kind = random.nextInt(depth < 3 ? 9 : 6);
        return switch (kind) {
            case 0, 1 -> NODES.numberNode(random.nextInt(7) - 3);
            case 2 -> NODES.numberNode(random.nextInt(7) - 3 + 0.5);
            case 3 -> NODES.textNode(TEXTS[random.nextInt(TEXTS.length)]);
            case 4 -> NODES.booleanNode(random.nextBoolean());
            case 5 -> NODES.nullNode();
            case 6, 7 -> object(random, depth);
            default -> {
                ArrayNode list = NODES.arrayNode();
                int size = random.nextInt(4);
                for (int i = 0; i < size; i++) {
                    list.add(value(random, depth + 1));
                }
                yield list;
            }
        };
    }

    private static String keyPath(Random random) {
        List<String> segments = new ArrayList<>();
        int length = 1 + random.nextInt(3);
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            segments.add(switch (kind) {
                case 0 -> "*";
                case 1 -> "**";
                case 2 -> "[*]";
                case 3 -> KEYS[random.nextInt(KEYS.length)] + "[*]";
                default -> KEYS[random.nextInt(KEYS.length)];
            });
        }
        return String.join(".", segments);
    }

    private static String condition(Random random) throws Exception {
        String[] operators = {"$eq", "$neq", "$lt", "$leq", "$gt", "$geq", "$between", "$outside", "$in", "$match",
            "$ex", "$nex"};
        String operator = operators[random.nextInt(operators.length)];
        boolean text = random.nextInt(3) == 0;
        boolean bool = !text && random.nextInt(4) == 0;
        return switch (operator) {
            case "$ex", "$nex" -> "\"" + operator + "\"";
            case "$match" -> "{\"$match\":" + JSON.writeValueAsString(new String[] {"x*", "?", "#", "*y", "[xZ]*", "x#"}
                    [random.nextInt(6)]) + "}";
            case "$between", "$outside" -> "{\"" + operator + "\":[" + scalar(random, text, false) + ","
                    + scalar(random, text, false) + "]}";
            case "$in" -> "{\"$in\":[" + scalar(random, text, bool) + "," + scalar(random, text, bool) + "]}";
            case "$eq", "$neq" -> "{\"" + operator + "\":" + scalar(random, text, bool) + "}";
            default -> "{\"" + operator + "\":" + scalar(random, text, false) + "}";
        };
    }

    private static String scalar(Random random, boolean text, boolean bool) throws Exception {
        if (text) {
            return JSON.writeValueAsString(TEXTS[random.nextInt(TEXTS.length)]);
        }
        if (bool) {
            return String.valueOf(random.nextBoolean());
        }
        return random.nextBoolean() ? String.valueOf(random.nextInt(7) - 3) : (random.nextInt(7) - 3) + ".5";
    }

    /** The documented semantics, evaluated on the JSON document: the specification the SQL is checked against. */
    static final class ReferenceEvaluation {
        private ReferenceEvaluation() {
        }

        static boolean holds(JsonNode document, io.mosaicod.core.search.KeyPath path, Condition condition) {
            List<JsonNode> values = new ArrayList<>();
            collect(document, "", path, values);
            List<JsonNode> present = values.stream().filter(v -> !v.isNull()).toList();
            return switch (condition.operator()) {
                case EX -> !present.isEmpty();
                case NEX -> present.isEmpty();
                case NEQ -> !present.isEmpty() && present.stream().noneMatch(v -> compares(v, condition, true));
                default -> present.stream().anyMatch(v -> compares(v, condition, false));
            };
        }

        /** Every value of the document, each with its flattened path, that the key path designates. */
        private static void collect(JsonNode node, String at, io.mosaicod.core.search.KeyPath path,
                                    List<JsonNode> values) {
            if (!at.isEmpty() && path.matchesFlattened(at)) {
                values.add(node);
            }
            if (node.isObject()) {
                node.properties().forEach(e -> collect(e.getValue(), at.isEmpty() ? e.getKey() : at + "." + e.getKey(),
                        path, values));
            } else if (node.isArray()) {
                node.forEach(element -> collect(element, at + "[]", path, values));
            }
        }

        private static boolean compares(JsonNode value, Condition condition, boolean asEquality) {
            List<FilterValue> operands = condition.operands();
            String type = operands.get(0).typeName();
            if (!type.equals(value.isNumber() ? "number" : value.isTextual() ? "string" : value.isBoolean() ? "boolean"
                    : "other")) {
                return false;
            }
            return switch (asEquality ? io.mosaicod.core.search.Operator.EQ : condition.operator()) {
                case EQ -> compare(value, operands.get(0)) == 0;
                case LT -> compare(value, operands.get(0)) < 0;
                case LEQ -> compare(value, operands.get(0)) <= 0;
                case GT -> compare(value, operands.get(0)) > 0;
                case GEQ -> compare(value, operands.get(0)) >= 0;
                case BETWEEN -> compare(value, operands.get(0)) >= 0 && compare(value, operands.get(1)) <= 0;
                case OUTSIDE -> compare(value, operands.get(0)) < 0 || compare(value, operands.get(1)) > 0;
                case IN -> operands.stream().anyMatch(operand -> compare(value, operand) == 0);
                case MATCH -> condition.glob().matches(value.textValue());
                default -> throw new IllegalStateException("not a comparison: " + condition);
            };
        }

        private static int compare(JsonNode value, FilterValue operand) {
            if (operand instanceof FilterValue.Number number) {
                return Double.compare(value.doubleValue(), number.value().doubleValue());
            }
            if (operand instanceof FilterValue.Text text) {
                return value.textValue().compareTo(text.value());
            }
            return Boolean.compare(value.booleanValue(), ((FilterValue.Bool) operand).value());
        }
    }
}
