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

-- The retirement rule, written once: inserting (folder, reason) here records the folder if nothing references it.
-- A folder retired again (referenced in between) is recorded at the later time: its retention starts anew.
CREATE VIEW folder_retirement (folder, reason) AS SELECT folder, reason FROM retired_folder;

CREATE TRIGGER folder_retirement_rule INSTEAD OF INSERT ON folder_retirement
BEGIN
    INSERT INTO retired_folder (folder, retired_at_ms, reason)
    SELECT NEW.folder, CAST(unixepoch('subsec') * 1000 AS INTEGER), NEW.reason
    WHERE NOT EXISTS (SELECT 1 FROM referenced_folder WHERE folder = NEW.folder)
    ON CONFLICT (folder) DO UPDATE SET retired_at_ms = excluded.retired_at_ms, reason = excluded.reason;
END;

-- Every way a reference ends, including the cascades of a session or sequence delete.
CREATE TRIGGER sequence_folder_retired AFTER DELETE ON sequence
BEGIN
    INSERT INTO folder_retirement VALUES (OLD.folder, 'sequence deleted');
END;

CREATE TRIGGER topic_folder_retired AFTER DELETE ON topic
BEGIN
    INSERT INTO folder_retirement VALUES (OLD.folder, 'topic deleted');
END;

-- The optimizer's commit: the old folder is retired, and the fresh folder, which the same transaction's dequeue
-- recorded a moment before, is referenced again.
CREATE TRIGGER topic_folder_replaced AFTER UPDATE OF folder ON topic WHEN OLD.folder IS NOT NEW.folder
BEGIN
    INSERT INTO folder_retirement VALUES (OLD.folder, 'topic optimized into another folder');
    DELETE FROM retired_folder WHERE folder = NEW.folder;
END;

-- An optimization that ends without a commit (failed, released, its topic deleted) leaves its fresh folder behind.
CREATE TRIGGER fresh_folder_dequeued AFTER DELETE ON topic_optimization WHEN OLD.fresh_folder IS NOT NULL
BEGIN
    INSERT INTO folder_retirement VALUES (OLD.fresh_folder, 'optimization ended');
END;

-- An expired lease reclaimed: whatever its optimizer wrote into the fresh folder is garbage.
CREATE TRIGGER fresh_folder_dropped AFTER UPDATE OF fresh_folder ON topic_optimization
    WHEN OLD.fresh_folder IS NOT NULL AND OLD.fresh_folder IS NOT NEW.fresh_folder
BEGIN
    INSERT INTO folder_retirement VALUES (OLD.fresh_folder, 'optimization lease reclaimed');
END;

-- The passes that swept the store for orphans; the latest one tells whether a pass sweeps again.
ALTER TABLE cleanup_log ADD COLUMN swept BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX cleanup_log_sweep_idx ON cleanup_log (started_at_ms) WHERE swept;
