package io.mosaicod.db.jdbc;

import io.mosaicod.core.Ulid;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The column lists selected for catalog entities, and how a row becomes one. */
final class CatalogRows {
    static final String SEQUENCE_COLUMNS = "id, uuid, locator, user_metadata, folder, created_at_ms";
    /** Sessions are read joined with their sequence ({@code q}) to know their locator. */
    static final String SESSION_SELECT = """
            SELECT s.id, s.uuid, s.sequence_id, q.locator AS sequence_locator, s.ulid, s.created_at_ms,
                   s.completed_at_ms
            FROM session s JOIN sequence q ON q.id = s.sequence_id""";
    static final String TOPIC_COLUMNS = """
            id, uuid, sequence_id, session_id, locator, user_metadata, folder, serialization_format, ontology_tag,
            created_at_ms, upload_completed_at_ms, locked, first_timestamp_ns, last_timestamp_ns, optimized_at_ms""";
    static final String TOPIC_SELECT = "SELECT " + TOPIC_COLUMNS + " FROM topic";
    static final String CHUNK_COLUMNS = """
            id, uuid, topic_id, ordinal, object_key, size_bytes, arrow_size_bytes, row_count, min_timestamp_ns,
            max_timestamp_ns, sorted""";

    private final Dialect dialect;

    CatalogRows(Dialect dialect) {
        this.dialect = dialect;
    }

    Sequence sequence(ResultSet row) throws SQLException {
        return new Sequence(row.getLong("id"), dialect.getUuid(row, "uuid"), row.getString("locator"),
                row.getString("user_metadata"), row.getString("folder"), Rows.instant(row, "created_at_ms"));
    }

    Session session(ResultSet row) throws SQLException {
        return new Session(row.getLong("id"), dialect.getUuid(row, "uuid"), row.getLong("sequence_id"),
                row.getString("sequence_locator"), Ulid.parse(row.getString("ulid")),
                Rows.instant(row, "created_at_ms"), Rows.optionalInstant(row, "completed_at_ms"));
    }

    Topic topic(ResultSet row) throws SQLException {
        return new Topic(row.getLong("id"), dialect.getUuid(row, "uuid"), row.getLong("sequence_id"),
                row.getLong("session_id"), row.getString("locator"), row.getString("user_metadata"),
                row.getString("folder"), row.getString("serialization_format"),
                Rows.optionalString(row, "ontology_tag"), Rows.instant(row, "created_at_ms"),
                Rows.optionalInstant(row, "upload_completed_at_ms"), row.getBoolean("locked"),
                Rows.optionalLong(row, "first_timestamp_ns"), Rows.optionalLong(row, "last_timestamp_ns"),
                Rows.optionalInstant(row, "optimized_at_ms"));
    }

    Chunk chunk(ResultSet row) throws SQLException {
        return new Chunk(row.getLong("id"), dialect.getUuid(row, "uuid"), row.getLong("topic_id"),
                row.getInt("ordinal"), row.getString("object_key"), row.getLong("size_bytes"),
                row.getLong("arrow_size_bytes"), row.getLong("row_count"), Rows.optionalLong(row, "min_timestamp_ns"),
                Rows.optionalLong(row, "max_timestamp_ns"), row.getBoolean("sorted"));
    }
}
