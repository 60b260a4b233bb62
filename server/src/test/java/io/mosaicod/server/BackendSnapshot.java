package io.mosaicod.server;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.store.ObjectInfo;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Everything a request could have changed, read behind the server's back: every repository row of the catalog
 * (sequences, sessions, topics, chunks, notifications) and every object of the store with a digest of its
 * content. Two snapshots are equal iff nothing was committed in between.
 */
record BackendSnapshot(List<String> repository, List<String> store) {

    static BackendSnapshot of(Backend backend) throws IOException {
        Catalog catalog = backend.repository().catalog();
        List<String> rows = new ArrayList<>();
        for (Sequence sequence : catalog.listSequences()) {
            rows.add("sequence " + sequence.locator() + " " + sequence.folder() + " " + sequence.userMetadataJson());
            rows.add("  notifications " + catalog.listNotifications(
                    io.mosaicod.db.NotificationTarget.sequence(sequence.id())).size());
            for (Session session : catalog.listSessions(sequence.id())) {
                rows.add("  session " + session.locator() + " finalized=" + session.isFinalized());
            }
        }
        for (Topic topic : catalog.listTopics()) {
            rows.add("topic " + topic.locator() + " " + topic.folder() + " complete=" + topic.isUploadComplete()
                    + " locked=" + topic.locked() + " " + topic.userMetadataJson());
            for (Chunk chunk : catalog.listChunks(topic.id())) {
                rows.add("  chunk " + chunk.ordinal() + " " + chunk.objectKey() + " " + chunk.rowCount());
            }
        }
        List<String> objects = new ArrayList<>();
        try (Stream<ObjectInfo> listing = backend.store().list("")) {
            for (ObjectInfo object : listing.toList()) {
                objects.add(object.key() + " " + object.size() + " " + digest(backend.store().get(object.key())));
            }
        }
        return new BackendSnapshot(rows, objects);
    }

    private static String digest(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
