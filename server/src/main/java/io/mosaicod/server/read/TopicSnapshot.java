package io.mosaicod.server.read;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.folder.TopicFolderMetadata;
import io.mosaicod.server.protocol.Interval;
import io.mosaicod.server.protocol.TopicManifest;
import io.mosaicod.server.protocol.UserMetadata;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A topic as a read sees it when it starts: its repository row, its session, its chunks (in the folder
 * current at that moment) and its folder metadata. Readers that resolved a folder keep reading it even if
 * the optimizer switches the topic to a new one meanwhile (the cleanup keeps old folders for a while).
 */
record TopicSnapshot(Topic topic, Session session, List<Chunk> chunks, TopicFolderMetadata folderMetadata) {

    TopicSnapshot {
        chunks = List.copyOf(chunks);
    }

    /** The Arrow schema of the topic's chunks; no fields before its upload started. */
    Schema schema() {
        return folderMetadata.arrowSchema().orElseGet(() -> new Schema(List.of()));
    }

    /** Whether rows may lack a {@code timestamp_ns} (true when unknown, before the upload started). */
    boolean nullableTimestamps() {
        return schema().getFields().stream().filter(f -> f.getName().equals(WriterProfile.TIMESTAMP_COLUMN))
                .findFirst().map(f -> f.isNullable()).orElse(true);
    }

    UserMetadata userMetadata() {
        return UserMetadata.parse(topic.userMetadataJson());
    }

    /** Whole-topic figures, whatever the requested range. */
    TopicManifest.DataInfo dataInfo() {
        long rows = 0;
        long bytes = 0;
        Long first = null;
        Long last = null;
        for (Chunk chunk : chunks) {
            rows += chunk.rowCount();
            bytes += chunk.sizeBytes();
            if (chunk.minTimestampNs().isPresent()) {
                long min = chunk.minTimestampNs().getAsLong();
                long max = chunk.maxTimestampNs().getAsLong();
                first = first == null ? min : Math.min(first, min);
                last = last == null ? max : Math.max(last, max);
            }
        }
        return new TopicManifest.DataInfo(first == null ? null : new Interval(first, last), rows, bytes, chunks.size());
    }

    /** When the topic's session was finalized, which locks the topic. */
    Optional<Long> lockedAtNs() {
        return topic.locked() ? session.completedAt().map(Nanos::of) : Optional.empty();
    }
}
