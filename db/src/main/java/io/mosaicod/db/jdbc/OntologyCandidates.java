package io.mosaicod.db.jdbc;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ontology block's part of a search statement: the topics of the tags it names, and of those, where a condition
 * bounds a numeric column, only the ones whose column summary (V9) reaches the bound, read as a range of the
 * summary's min or max index, so that a condition no topic can satisfy costs what its answer costs. The rules are
 * the chunks' ({@code ChunkPruning}), applied to the topic's combined statistics: every comparison non-strict, as
 * statistics and operands are both rounded to doubles. A topic stays a candidate when nothing is known against it:
 * it is still uploading (no summary yet), or its statistics for the column are of another kind or missing from
 * some chunk (reading it decides, or refuses the operand), or the path names a struct (whose data refuses a bound)
 * rather than a leaf. The codec writes statistics for every numeric and text leaf of every chunk, so a topic
 * without statistics for the path has no such leaf, and no value there, which no bounded condition accepts.
 * Conditions with no bound ({@code $neq}, {@code $match}, existence, text, lists compared whole) keep every topic
 * of their tag.
 */
final class OntologyCandidates {
    private static final String SUMMARY = "SELECT topic_id FROM topic_column_summary WHERE column_path = ?";

    private OntologyCandidates() {
    }

    /** A range of a summary index: the predicate and the values it binds after the column path. */
    private record Bound(String sql, List<Double> values) {
    }

    /** The predicate on topic {@code t}, its parameters appended to {@code parameters}. */
    static String predicate(List<OntologyCondition> ontology, List<Object> parameters) {
        Map<String, List<OntologyCondition>> byTag = new LinkedHashMap<>();
        ontology.forEach(c -> byTag.computeIfAbsent(c.path().tag(), tag -> new ArrayList<>()).add(c));
        List<String> tags = new ArrayList<>();
        byTag.forEach((tag, conditions) -> tags.add(ofTag(tag, conditions, parameters)));
        return tags.size() == 1 ? tags.get(0) : "(" + String.join("\n   OR ", tags) + ")";
    }

    /** A topic of {@code tag} that may satisfy each bounded condition: each's candidate, or still uploading. */
    private static String ofTag(String tag, List<OntologyCondition> conditions, List<Object> parameters) {
        parameters.add(tag);
        StringBuilder sql = new StringBuilder("t.ontology_tag = ?");
        for (OntologyCondition c : conditions) {
            List<Bound> bounds = bounds(c.condition());
            if (bounds.isEmpty()) {
                continue;
            }
            parameters.add(tag);
            sql.append(" AND t.id IN (SELECT id FROM topic WHERE ontology_tag = ? AND upload_completed_at_ms IS NULL");
            String path = String.join(".", c.path().fields());
            for (Bound bound : bounds) {
                parameters.add(path);
                parameters.addAll(bound.values());
                sql.append("\n    UNION ").append(SUMMARY).append(" AND ").append(bound.sql());
            }
            // statistics of another kind say nothing of numbers
            parameters.add(path);
            sql.append("\n    UNION ").append(SUMMARY).append(" AND kind IN ('text', 'mixed')");
            // a struct's fields: its data refuses the condition, as it did before topics had summaries
            parameters.add(path + ".");
            parameters.add(path + "/");
            sql.append("\n    UNION SELECT topic_id FROM topic_column_summary")
                    .append(" WHERE column_path > ? AND column_path < ?)");
        }
        return sql.toString();
    }

    /**
     * The ranges of the summary indexes of which one must hold for a numeric column to hold a value satisfying
     * {@code c}; none when {@code c} bounds nothing.
     */
    private static List<Bound> bounds(Condition c) {
        List<Double> values = new ArrayList<>();
        for (FilterValue operand : c.operands()) {
            if (!(operand instanceof FilterValue.Number number)) {
                return List.of(); // text, booleans and arrays: no numeric bound
            }
            values.add(number.value().doubleValue());
        }
        return switch (c.operator()) {
            case EQ -> List.of(within(values.get(0), values.get(0)));
            case LT, LEQ -> List.of(atMost(values.get(0)));
            case GT, GEQ -> List.of(atLeast(values.get(0)));
            case BETWEEN -> List.of(within(values.get(0), values.get(1)));
            case OUTSIDE -> List.of(atMost(values.get(0)), atLeast(values.get(1)));
            case IN -> List.of(within(values.stream().min(Double::compare).orElseThrow(),
                    values.stream().max(Double::compare).orElseThrow()));
            case NEQ, MATCH, EX, NEX -> List.of();
        };
    }

    /** Some value in {@code [low, high]}: the max reaches low and the min high. */
    private static Bound within(double low, double high) {
        return new Bound("max_number >= ? AND min_number <= ?", List.of(low, high));
    }

    private static Bound atMost(double value) {
        return new Bound("min_number <= ?", List.of(value));
    }

    private static Bound atLeast(double value) {
        return new Bound("max_number >= ?", List.of(value));
    }
}
