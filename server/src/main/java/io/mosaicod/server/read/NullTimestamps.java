package io.mosaicod.server.read;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.format.WriterProfile;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Whether rows without a {@code timestamp_ns} may be there, from the schema and the chunks' statistics. */
final class NullTimestamps {
    private static final String TIMESTAMP = WriterProfile.TIMESTAMP_COLUMN;

    private NullTimestamps() {
    }

    /** Whether {@code chunk} may hold a row with a null timestamp (no statistics: it may). */
    static boolean mayBeIn(Catalog catalog, Chunk chunk) {
        for (ColumnStats stats : catalog.columnStats(chunk.id())) {
            if (stats.columnPath().equals(TIMESTAMP)) {
                return stats.hasNull();
            }
        }
        return true;
    }

    /** Whether any of {@code chunks}, of a topic with {@code schema}, may hold a row with a null timestamp. */
    static boolean mayBeIn(Catalog catalog, Schema schema, List<Chunk> chunks) {
        Field timestamp = schema.findField(TIMESTAMP);
        if (!timestamp.isNullable()) {
            return false;
        }
        for (Chunk chunk : chunks) {
            if (mayBeIn(catalog, chunk)) {
                return true;
            }
        }
        return false;
    }
}
