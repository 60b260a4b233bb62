-- User metadata flattened for search (the query action): one row per value of a sequence's or topic's
-- user_metadata, at every depth. A value's path is its keys joined by '.', with '[]' appended for each list it
-- sits in ({"a":{"b":[1,2]}} gives a, a.b, a.b[], a.b[]); numbers and booleans (1/0) are in number_value,
-- strings in text_value. A condition on a key is then an index range scan on (path, value_type, value),
-- driven by the few paths that match the key path, instead of a JSON walk of every row.
-- metadata_key lists every path ever stored: queries resolve wildcard key paths (*, **, [*]) against it.
-- Kept up to date by the repository when a sequence or topic is created (user metadata never changes).

CREATE TABLE metadata_key (
    path TEXT PRIMARY KEY
);

CREATE TABLE sequence_metadata_value (
    sequence_id   BIGINT NOT NULL REFERENCES sequence (id) ON DELETE CASCADE,
    path         TEXT   NOT NULL,
    value_type   TEXT   NOT NULL CHECK (value_type IN ('object', 'array', 'string', 'number', 'boolean', 'null')),
    number_value DOUBLE PRECISION,
    text_value   TEXT
);
CREATE INDEX sequence_metadata_number_idx ON sequence_metadata_value (path, value_type, number_value);
CREATE INDEX sequence_metadata_text_idx ON sequence_metadata_value (path, value_type, text_value COLLATE "C");
CREATE INDEX sequence_metadata_owner_idx ON sequence_metadata_value (sequence_id);

CREATE TABLE topic_metadata_value (
    topic_id   BIGINT NOT NULL REFERENCES topic (id) ON DELETE CASCADE,
    path         TEXT   NOT NULL,
    value_type   TEXT   NOT NULL CHECK (value_type IN ('object', 'array', 'string', 'number', 'boolean', 'null')),
    number_value DOUBLE PRECISION,
    text_value   TEXT
);
CREATE INDEX topic_metadata_number_idx ON topic_metadata_value (path, value_type, number_value);
CREATE INDEX topic_metadata_text_idx ON topic_metadata_value (path, value_type, text_value COLLATE "C");
CREATE INDEX topic_metadata_owner_idx ON topic_metadata_value (topic_id);

-- what existed before this migration (the WHERE of each key insert keeps SQLite from reading ON CONFLICT as a join)

WITH RECURSIVE walk (owner, path, value) AS (
    SELECT o.id, e.key, e.value FROM sequence o, jsonb_each(CAST(o.user_metadata AS jsonb)) e
    UNION ALL
    SELECT w.owner, c.path, c.value FROM walk w CROSS JOIN LATERAL (
        SELECT w.path || '.' || m.key AS path, m.value
        FROM jsonb_each(CASE jsonb_typeof(w.value) WHEN 'object' THEN w.value ELSE '{}' END) m
        UNION ALL
        SELECT w.path || '[]', l.value
        FROM jsonb_array_elements(CASE jsonb_typeof(w.value) WHEN 'array' THEN w.value ELSE '[]' END) l
    ) c
)
INSERT INTO sequence_metadata_value (sequence_id, path, value_type, number_value, text_value)
SELECT owner, path, jsonb_typeof(value),
       CASE jsonb_typeof(value) WHEN 'number' THEN CAST(value #>> '{}' AS DOUBLE PRECISION)
                                WHEN 'boolean' THEN CASE WHEN value = 'true' THEN 1 ELSE 0 END END,
       CASE jsonb_typeof(value) WHEN 'string' THEN value #>> '{}' END
FROM walk;

INSERT INTO metadata_key (path) SELECT DISTINCT path FROM sequence_metadata_value WHERE path IS NOT NULL ON CONFLICT DO NOTHING;

WITH RECURSIVE walk (owner, path, value) AS (
    SELECT o.id, e.key, e.value FROM topic o, jsonb_each(CAST(o.user_metadata AS jsonb)) e
    UNION ALL
    SELECT w.owner, c.path, c.value FROM walk w CROSS JOIN LATERAL (
        SELECT w.path || '.' || m.key AS path, m.value
        FROM jsonb_each(CASE jsonb_typeof(w.value) WHEN 'object' THEN w.value ELSE '{}' END) m
        UNION ALL
        SELECT w.path || '[]', l.value
        FROM jsonb_array_elements(CASE jsonb_typeof(w.value) WHEN 'array' THEN w.value ELSE '[]' END) l
    ) c
)
INSERT INTO topic_metadata_value (topic_id, path, value_type, number_value, text_value)
SELECT owner, path, jsonb_typeof(value),
       CASE jsonb_typeof(value) WHEN 'number' THEN CAST(value #>> '{}' AS DOUBLE PRECISION)
                                WHEN 'boolean' THEN CASE WHEN value = 'true' THEN 1 ELSE 0 END END,
       CASE jsonb_typeof(value) WHEN 'string' THEN value #>> '{}' END
FROM walk;

INSERT INTO metadata_key (path) SELECT DISTINCT path FROM topic_metadata_value WHERE path IS NOT NULL ON CONFLICT DO NOTHING;
