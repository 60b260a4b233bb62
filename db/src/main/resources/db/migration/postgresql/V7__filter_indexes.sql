-- Indexes for the filters that used to read every topic (issue 50), so that they cost what their answer costs.

-- The topics completed but not optimized, which `ps`, `topic show` and every optimizer pass look for: partial, so
-- it holds only them and shrinks as the optimizer catches up (18.6 ms at 100,000 topics without it).
CREATE INDEX topic_to_optimize_idx ON topic (id)
    WHERE upload_completed_at_ms IS NOT NULL AND optimized_at_ms IS NULL;

-- `created_at_ns` conditions of the `query` action, compared with the bare column.
CREATE INDEX sequence_created_idx ON sequence (created_at_ms);
CREATE INDEX topic_created_idx ON topic (created_at_ms);

-- Name globs with a literal start (`run_*`), which PostgreSQL matches as an anchored regular expression: it
-- reads a range of a B-tree only in code-point order, which the unique indexes have only under a "C" database
-- collation. (SQLite's GLOB already uses the unique indexes, which are in code-point order.)
CREATE INDEX sequence_locator_pattern_idx ON sequence (locator COLLATE "C");
CREATE INDEX topic_locator_pattern_idx ON topic (locator COLLATE "C");
