-- Times are integer epoch values; the unit is in the column name.
-- SQLite flavour: ids are AUTOINCREMENT rowids (never reused, like PostgreSQL identities); UUIDs are text.

CREATE TABLE sequence (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid           TEXT   NOT NULL UNIQUE,
    locator        TEXT   NOT NULL UNIQUE,
    user_metadata  TEXT   NOT NULL,
    folder         TEXT   NOT NULL UNIQUE,
    created_at_ms  BIGINT NOT NULL
);

CREATE TABLE session (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid            TEXT   NOT NULL UNIQUE,
    sequence_id     BIGINT NOT NULL REFERENCES sequence (id) ON DELETE CASCADE,
    ulid            TEXT   NOT NULL UNIQUE,
    created_at_ms   BIGINT NOT NULL,
    completed_at_ms BIGINT
);
CREATE INDEX session_sequence_idx ON session (sequence_id);

CREATE TABLE topic (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid                   TEXT    NOT NULL UNIQUE,
    sequence_id            BIGINT  NOT NULL REFERENCES sequence (id) ON DELETE CASCADE,
    session_id             BIGINT  NOT NULL REFERENCES session (id) ON DELETE CASCADE,
    locator                TEXT    NOT NULL UNIQUE,
    user_metadata          TEXT    NOT NULL,
    folder                 TEXT    NOT NULL UNIQUE,
    serialization_format   TEXT    NOT NULL,
    ontology_tag           TEXT,
    created_at_ms          BIGINT  NOT NULL,
    upload_completed_at_ms BIGINT,
    locked                 BOOLEAN NOT NULL DEFAULT FALSE,
    first_timestamp_ns     BIGINT,
    last_timestamp_ns      BIGINT,
    optimized_at_ms        BIGINT
);
CREATE INDEX topic_sequence_idx ON topic (sequence_id);
CREATE INDEX topic_session_idx ON topic (session_id);

CREATE TABLE chunk (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid             TEXT    NOT NULL UNIQUE,
    topic_id         BIGINT  NOT NULL REFERENCES topic (id) ON DELETE CASCADE,
    ordinal          INTEGER NOT NULL,
    object_key       TEXT    NOT NULL,
    size_bytes       BIGINT  NOT NULL,
    arrow_size_bytes BIGINT  NOT NULL,
    row_count        BIGINT  NOT NULL,
    min_timestamp_ns BIGINT,
    max_timestamp_ns BIGINT,
    sorted           BOOLEAN NOT NULL,
    UNIQUE (topic_id, ordinal)
);
-- time-range pruning: chunks of a topic starting before the end of the requested window
CREATE INDEX chunk_topic_time_idx ON chunk (topic_id, min_timestamp_ns, max_timestamp_ns);

CREATE TABLE chunk_column_stats (
    chunk_id    BIGINT  NOT NULL REFERENCES chunk (id) ON DELETE CASCADE,
    column_path TEXT    NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('numeric', 'text')),
    min_number  REAL,
    max_number  REAL,
    min_text    TEXT,
    max_text    TEXT,
    has_null    BOOLEAN NOT NULL,
    has_nan     BOOLEAN NOT NULL,
    PRIMARY KEY (chunk_id, column_path)
);

CREATE TABLE notification (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    sequence_id       BIGINT REFERENCES sequence (id) ON DELETE CASCADE,
    topic_id          BIGINT REFERENCES topic (id) ON DELETE CASCADE,
    notification_type TEXT   NOT NULL,
    message           TEXT   NOT NULL,
    created_at_ms     BIGINT NOT NULL,
    CHECK ((sequence_id IS NULL) <> (topic_id IS NULL))
);
CREATE INDEX notification_sequence_idx ON notification (sequence_id);
CREATE INDEX notification_topic_idx ON notification (topic_id);

-- The optimization queue. A row is a queued topic; the lease_* columns are set while an instance holds it.
CREATE TABLE topic_optimization (
    topic_id            BIGINT  PRIMARY KEY REFERENCES topic (id) ON DELETE CASCADE,
    enqueued_at_ms      BIGINT  NOT NULL,
    attempts            INTEGER NOT NULL DEFAULT 0,
    lease_owner         BIGINT,
    lease_token         TEXT    UNIQUE,
    fresh_folder        TEXT    UNIQUE,
    leased_at_ms        BIGINT,
    lease_expires_at_ms BIGINT
);
CREATE INDEX topic_optimization_order_idx ON topic_optimization (enqueued_at_ms, topic_id);
CREATE INDEX topic_optimization_expiry_idx ON topic_optimization (lease_expires_at_ms);

CREATE TABLE optimization_run (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    topic_id      BIGINT NOT NULL REFERENCES topic (id) ON DELETE CASCADE,
    instance_id   BIGINT NOT NULL,
    started_at_ms BIGINT NOT NULL,
    ended_at_ms   BIGINT NOT NULL,
    outcome       TEXT   NOT NULL
        CHECK (outcome IN ('SUCCEEDED', 'ALREADY_OPTIMAL', 'FAILED', 'INTERRUPTED', 'LEASE_LOST')),
    error         TEXT,
    chunks_in     BIGINT NOT NULL,
    bytes_in      BIGINT NOT NULL,
    rows_in       BIGINT NOT NULL,
    chunks_out    BIGINT NOT NULL,
    bytes_out     BIGINT NOT NULL,
    rows_out      BIGINT NOT NULL
);
CREATE INDEX optimization_run_topic_idx ON optimization_run (topic_id, ended_at_ms);
CREATE INDEX optimization_run_outcome_idx ON optimization_run (outcome, ended_at_ms);

CREATE TABLE cleanup_log (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    instance_id   BIGINT  NOT NULL,
    started_at_ms BIGINT  NOT NULL,
    ended_at_ms   BIGINT,
    state         TEXT    NOT NULL CHECK (state IN ('RUNNING', 'SUCCEEDED', 'FAILED', 'INTERRUPTED')),
    marked        INTEGER NOT NULL DEFAULT 0,
    deleted       INTEGER NOT NULL DEFAULT 0,
    failed        INTEGER NOT NULL DEFAULT 0,
    errors        TEXT    NOT NULL DEFAULT ''
);

-- One row per routine that must not run twice at once (the cleanup); held like a topic lease.
CREATE TABLE routine_lease (
    routine       TEXT   PRIMARY KEY,
    owner         BIGINT NOT NULL,
    token         TEXT   NOT NULL,
    expires_at_ms BIGINT NOT NULL
);

CREATE TABLE instance_registry (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    kind                 TEXT    NOT NULL CHECK (kind IN ('server', 'store-optimizer', 'cleanup')),
    host                 TEXT    NOT NULL,
    pid                  BIGINT  NOT NULL,
    started_at_ms        BIGINT  NOT NULL,
    last_heartbeat_at_ms BIGINT  NOT NULL,
    one_shot             BOOLEAN NOT NULL
);
