package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.core.locator.TopicLocator;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.folder.TopicFolderMetadata;
import io.mosaicod.server.protocol.ActionRequest;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code topic_create} and {@code topic_delete}. */
public final class TopicActions {
    private static final Logger LOG = LoggerFactory.getLogger(TopicActions.class);

    private final CatalogLookup lookup;
    private final ObjectStore store;
    private final UploadRegistry uploads;
    private final Clock clock;

    public TopicActions(CatalogLookup lookup, ObjectStore store, UploadRegistry uploads, Clock clock) {
        this.lookup = lookup;
        this.store = store;
        this.uploads = uploads;
        this.clock = clock;
    }

    /**
     * Creates a topic in an open session of its sequence: its row, then its folder ({@link FolderMetadataWrite}:
     * row first).
     */
    public ActionResponse create(ActionRequest.TopicCreate request) {
        TopicLocator locator = TopicLocator.parse(request.locator());
        Session session = lookup.sessionByUuid(request.sessionUuid());
        if (!locator.sequence().value().equals(session.sequenceLocator())) {
            throw ProtocolException.badRequest("topic `" + ClientText.quote(locator) + "` is not in sequence `"
                    + ClientText.quote(session.sequenceLocator()) + "` of session `"
                    + ClientText.quote(session.locator()) + "`");
        }
        if (session.isFinalized()) {
            throw ProtocolException.failedPrecondition("Session `" + ClientText.quote(session.locator())
                    + "` is finalized: no topic can be added to it.");
        }
        requireKnownFormat(request.serializationFormat());
        Catalog catalog = lookup.catalog();
        if (catalog.findTopicByLocator(locator.toString()).isPresent()) {
            throw ProtocolException.alreadyExists("Topic", locator);
        }
        Folder folder = Folder.newTopic();
        TopicFolderMetadata metadata = new TopicFolderMetadata(locator.toString(), session.locator(),
                request.serializationFormat(), request.ontologyTag(), request.userMetadata(), clock.instant(),
                Optional.empty());
        Optional<String> tag = request.ontologyTag().isEmpty() ? Optional.empty() : Optional.of(request.ontologyTag());
        Topic topic = catalog.createTopic(new NewTopic(session.id(), locator.toString(), request.userMetadata().json(),
                folder.name(), request.serializationFormat(), tag));
        FolderMetadataWrite.writeOrUndoRow(store, folder, metadata.toJson(), () -> catalog.deleteTopic(topic.id()),
                "topic `" + ClientText.quote(locator) + "`");
        LOG.info("created topic {} ({}, {}) in folder {}", locator, request.serializationFormat(),
                request.ontologyTag(), folder);
        return new ActionResponse.TopicCreated(topic.uuid().toString());
    }

    /** Deletes the topic from the repository; its folder is left for the cleanup. */
    public ActionResponse delete(ActionRequest.ByLocator request) {
        Topic topic = lookup.topic(request.locator());
        if (uploads.isUploading(topic.id())) {
            throw ProtocolException.failedPrecondition("Topic `" + ClientText.quote(topic.locator())
                    + "` cannot be deleted while it is uploading.");
        }
        if (!lookup.catalog().deleteTopic(topic.id())) {
            throw ProtocolException.notFound("Topic", topic.locator());
        }
        LOG.warn("deleted topic {}", topic.locator());
        return ActionResponse.NONE;
    }

    private static void requireKnownFormat(String format) {
        try {
            WriterProfile.forSerializationFormat(format);
        } catch (IllegalArgumentException e) {
            throw ProtocolException.badRequest("serialization format `" + ClientText.quote(format)
                    + "` is not one of `default`, `ragged`, `image`");
        }
    }
}
