-- Per-topic summaries of the chunks' column statistics (issue 50), so that an ontology condition of `query` first
-- selects, through an index, the topics whose summary lets it hold, instead of reading the chunk statistics of
-- every topic of the tag. One row per topic and column path, combined from its chunks' rows: the smallest min, the
-- largest max, whether any chunk has a null or a NaN. kind is 'mixed' when not every chunk of the topic has
-- statistics of one kind for the path: nothing is then known of its values. Written when a topic's upload
-- completes and replaced when the optimizer commits new chunks, in those transactions; topics still uploading
-- have none.
CREATE TABLE topic_column_summary (
    topic_id    BIGINT  NOT NULL REFERENCES topic (id) ON DELETE CASCADE,
    column_path TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('numeric', 'text', 'mixed')),
    min_number  REAL,
    max_number  REAL,
    min_text    TEXT,
    max_text    TEXT,
    has_null    BOOLEAN NOT NULL,
    has_nan     BOOLEAN NOT NULL,
    PRIMARY KEY (topic_id, column_path)
);
-- The topics completed before this migration, summarized before the indexes are built (faster than indexing
-- row by row).
INSERT INTO topic_column_summary (topic_id, column_path, kind, min_number, max_number, min_text, max_text, has_null,
                                  has_nan)
SELECT c.topic_id, s.column_path,
       CASE WHEN MIN(s.kind) = MAX(s.kind)
                 AND COUNT(*) = (SELECT COUNT(*) FROM chunk k WHERE k.topic_id = c.topic_id)
            THEN MIN(s.kind) ELSE 'mixed' END,
       MIN(s.min_number), MAX(s.max_number), MIN(s.min_text), MAX(s.max_text), MAX(s.has_null), MAX(s.has_nan)
FROM topic t JOIN chunk c ON c.topic_id = t.id JOIN chunk_column_stats s ON s.chunk_id = c.id
WHERE t.upload_completed_at_ms IS NOT NULL
GROUP BY c.topic_id, s.column_path;

-- `> v` reads the range of summaries whose max reaches v; `< v` those whose min does; a condition on a path whose
-- statistics are of another kind (or mixed) reads the path's rows of that kind, usually none; one on a struct reads
-- the range of its fields' paths (`pose.` to `pose/`, in code-point order on both databases).
CREATE INDEX topic_column_summary_max_idx ON topic_column_summary (column_path, max_number);
CREATE INDEX topic_column_summary_min_idx ON topic_column_summary (column_path, min_number);
CREATE INDEX topic_column_summary_kind_idx ON topic_column_summary (column_path, kind);
-- Topics still uploading have no summary yet and stay candidates of every search of their tag.
CREATE INDEX topic_uploading_idx ON topic (ontology_tag) WHERE upload_completed_at_ms IS NULL;
