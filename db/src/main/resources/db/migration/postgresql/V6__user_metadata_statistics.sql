-- The path, type and value of a flattened user-metadata value (V5) are strongly correlated: a path holds one
-- type and often few values. Without these statistics the planner multiplies their selectivities,
-- underestimated large matches ~30x and chose nested loops (1.2 s instead of 0.25 s for a two-key search over
-- 100,000 topics; CatalogSearchScaleTest).
CREATE STATISTICS sequence_metadata_value_stats (dependencies) ON path, value_type, text_value, number_value
    FROM sequence_metadata_value;
CREATE STATISTICS topic_metadata_value_stats (dependencies) ON path, value_type, text_value, number_value
    FROM topic_metadata_value;
