package io.mosaicod.server.read;

import io.mosaicod.core.ClientText;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.server.folder.TopicFolderMetadata;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Takes a {@link TopicSnapshot} of a topic, from the repository and the topic folder's metadata. */
final class TopicResolver {
    private final CatalogLookup lookup;
    private final ObjectStore store;

    TopicResolver(CatalogLookup lookup, ObjectStore store) {
        this.lookup = lookup;
        this.store = store;
    }

    TopicSnapshot resolve(String locator) {
        return resolve(lookup.topic(locator));
    }

    TopicSnapshot resolve(Topic topic) {
        Session session = lookup.catalog().listSessions(topic.sequenceId()).stream()
                .filter(s -> s.id() == topic.sessionId()).findFirst()
                .orElseThrow(() -> new IllegalStateException("topic `" + ClientText.quote(topic.locator())
                        + "` has no session"));
        return resolve(topic, session);
    }

    /** For a caller that already holds the topic's session (a sequence's FlightInfo lists them all). */
    TopicSnapshot resolve(Topic topic, Session session) {
        Catalog catalog = lookup.catalog();
        return new TopicSnapshot(topic, session, catalog.listChunks(topic.id()), folderMetadata(topic));
    }

    private TopicFolderMetadata folderMetadata(Topic topic) {
        Folder folder = Folder.parse(topic.folder()).orElseThrow(() -> new IllegalStateException("topic `"
                + ClientText.quote(topic.locator()) + "` has folder '" + topic.folder()
                + "', which is not a topic folder"));
        String key = folder.metadataKey();
        try {
            return TopicFolderMetadata.fromJson(store.get(key), key);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the metadata of topic `" + ClientText.quote(topic.locator())
                    + "`", e);
        }
    }
}
