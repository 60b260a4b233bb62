-- The cleanup's record of retired folders (docs/cleanup.md): a folder is recorded in the transaction that stops
-- the last reference to it, so that a cleanup pass reads what to delete here instead of walking the store.

CREATE TABLE retired_folder (
    folder        TEXT   PRIMARY KEY,
    retired_at_ms BIGINT NOT NULL,
    reason        TEXT   NOT NULL
);
-- a pass reads the folders whose retention has passed
CREATE INDEX retired_folder_due_idx ON retired_folder (retired_at_ms);

-- Every store folder the repository references; the cleanup never deletes one of these.
CREATE VIEW referenced_folder (folder) AS
    SELECT folder FROM sequence
    UNION ALL SELECT folder FROM topic
    UNION ALL SELECT fresh_folder FROM topic_optimization WHERE fresh_folder IS NOT NULL;

-- The retirement rule, written once, for every way a reference ends (including the cascades of a session or
-- sequence delete). TG_ARGV: the folder column, the reason on DELETE, the reason on UPDATE. A folder is recorded
-- if nothing references it any more; one retired again (referenced in between) is recorded at the later time, so
-- its retention starts anew. An UPDATE that points a row at a folder makes that folder referenced again: the
-- optimizer's commit dequeues (recording the fresh folder) a moment before it switches the topic to it.
CREATE FUNCTION retire_folder() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_folder TEXT := to_jsonb(OLD) ->> TG_ARGV[0];
    new_folder TEXT := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END;
BEGIN
    IF old_folder IS NOT NULL AND old_folder IS DISTINCT FROM new_folder
            AND NOT EXISTS (SELECT 1 FROM referenced_folder WHERE folder = old_folder) THEN
        INSERT INTO retired_folder (folder, retired_at_ms, reason)
        VALUES (old_folder, CAST(FLOOR(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT),
                CASE WHEN TG_OP = 'DELETE' THEN TG_ARGV[1] ELSE TG_ARGV[2] END)
        ON CONFLICT (folder) DO UPDATE SET retired_at_ms = excluded.retired_at_ms, reason = excluded.reason;
    END IF;
    IF new_folder IS NOT NULL AND new_folder IS DISTINCT FROM old_folder THEN
        DELETE FROM retired_folder WHERE folder = new_folder;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER sequence_folder_retired AFTER DELETE ON sequence
    FOR EACH ROW EXECUTE FUNCTION retire_folder('folder', 'sequence deleted', '');
CREATE TRIGGER topic_folder_retired AFTER DELETE OR UPDATE OF folder ON topic
    FOR EACH ROW EXECUTE FUNCTION retire_folder('folder', 'topic deleted', 'topic optimized into another folder');
CREATE TRIGGER fresh_folder_retired AFTER DELETE OR UPDATE OF fresh_folder ON topic_optimization
    FOR EACH ROW EXECUTE FUNCTION retire_folder('fresh_folder', 'optimization ended', 'optimization lease reclaimed');

-- The passes that swept the store for orphans; the latest one tells whether a pass sweeps again.
ALTER TABLE cleanup_log ADD COLUMN swept BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX cleanup_log_sweep_idx ON cleanup_log (started_at_ms) WHERE swept;
