package io.mosaicod.db.jdbc;

import io.mosaicod.core.search.Glob;

/**
 * What differs between SQLite and PostgreSQL in search: walking a JSON document (JSON1's {@code json_each}
 * against {@code jsonb_each} / {@code jsonb_array_elements}), matching a glob, and ordering text by code point.
 * The flattened form the walk produces is the one V5 describes; the migration's backfill uses the same walk.
 */
enum SearchDialect {
    SQLITE("""
            WITH RECURSIVE walk (owner, path, type, atom, value) AS (
                SELECT o.id, e.key, e.type, e.atom, e.value FROM {owner} o, json_each(o.user_metadata) e
                WHERE o.id = ?
                UNION ALL
                SELECT w.owner, CASE w.type WHEN 'object' THEN w.path || '.' || e.key ELSE w.path || '[]' END,
                       e.type, e.atom, e.value
                FROM walk w, json_each(w.value) e WHERE w.type IN ('object', 'array')
            )
            INSERT INTO {owner}_metadata_value ({owner}_id, path, value_type, number_value, text_value)
            SELECT owner, path,
                   CASE WHEN type IN ('integer', 'real') THEN 'number' WHEN type = 'text' THEN 'string'
                        WHEN type IN ('true', 'false') THEN 'boolean' ELSE type END,
                   CASE WHEN type IN ('integer', 'real', 'true', 'false') THEN atom END,
                   CASE WHEN type = 'text' THEN atom END
            FROM walk""") {
        @Override
        String matches(String column) {
            return column + " GLOB ?";
        }

        @Override
        String globParameter(Glob glob) {
            return glob.sqliteGlob();
        }

        @Override
        String byCodePoint(String column) {
            return column; // SQLite's default BINARY collation already is
        }

        /**
         * Without statistics of value ranges, SQLite may prefer walking every sequence in locator order, to save
         * sorting, over a range of the index a condition names; a unary {@code +} takes the order off the indexes.
         */
        @Override
        String answerOrder(String column) {
            return "+" + column;
        }
    },

    POSTGRESQL("""
            WITH RECURSIVE walk (owner, path, value) AS (
                SELECT o.id, e.key, e.value FROM {owner} o, jsonb_each(CAST(o.user_metadata AS jsonb)) e
                WHERE o.id = ?
                UNION ALL
                SELECT w.owner, c.path, c.value FROM walk w CROSS JOIN LATERAL (
                    SELECT w.path || '.' || m.key AS path, m.value
                    FROM jsonb_each(CASE jsonb_typeof(w.value) WHEN 'object' THEN w.value ELSE '{}' END) m
                    UNION ALL
                    SELECT w.path || '[]', l.value
                    FROM jsonb_array_elements(CASE jsonb_typeof(w.value) WHEN 'array' THEN w.value ELSE '[]' END) l
                ) c
            )
            INSERT INTO {owner}_metadata_value ({owner}_id, path, value_type, number_value, text_value)
            SELECT owner, path, jsonb_typeof(value),
                   CASE jsonb_typeof(value) WHEN 'number' THEN CAST(value #>> '{}' AS DOUBLE PRECISION)
                                            WHEN 'boolean' THEN CASE WHEN value = 'true' THEN 1 ELSE 0 END END,
                   CASE jsonb_typeof(value) WHEN 'string' THEN value #>> '{}' END
            FROM walk""") {
        @Override
        String matches(String column) {
            return column + " ~ ?";
        }

        @Override
        String globParameter(Glob glob) {
            return glob.regex();
        }

        /** Matches the collation of the text index V5 creates, whatever the database's own collation is. */
        @Override
        String byCodePoint(String column) {
            return column + " COLLATE \"C\"";
        }

        /** PostgreSQL weighs sorting the answer against a walk in order with its statistics. */
        @Override
        String answerOrder(String column) {
            return column;
        }
    };

    private final String flattenUserMetadata;

    SearchDialect(String flattenUserMetadata) {
        this.flattenUserMetadata = flattenUserMetadata;
    }

    static SearchDialect of(Dialect dialect) {
        return dialect == Dialect.SQLITE ? SQLITE : POSTGRESQL;
    }

    /** The statement storing the flattened user metadata of one sequence or topic, whose id it takes. */
    String flattenUserMetadata(MetadataOwner owner) {
        return flattenUserMetadata.replace("{owner}", owner.table);
    }

    /** A predicate: {@code column} matches the glob bound as the next parameter ({@link #globParameter}). */
    abstract String matches(String column);

    abstract String globParameter(Glob glob);

    /** {@code column} compared by Unicode code point, the order both databases then agree on. */
    abstract String byCodePoint(String column);

    /** An ORDER BY term for {@code column} that sorts the answer: its cost grows with the answer, not the catalog. */
    abstract String answerOrder(String column);
}
