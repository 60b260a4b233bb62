package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.server.protocol.ActionRequest;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ProtocolException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code session_create}, {@code session_finalize} and {@code session_delete}. */
public final class SessionActions {
    private static final Logger LOG = LoggerFactory.getLogger(SessionActions.class);

    private final CatalogLookup lookup;
    private final UploadRegistry uploads;

    public SessionActions(CatalogLookup lookup, UploadRegistry uploads) {
        this.lookup = lookup;
        this.uploads = uploads;
    }

    /** Opens a session; a sequence may have several open at once. */
    public ActionResponse create(ActionRequest.ByLocator request) {
        Sequence sequence = lookup.sequence(request.locator());
        Session session = lookup.catalog().createSession(sequence.id());
        LOG.info("opened session {}", session.locator());
        return new ActionResponse.SessionCreated(session.uuid().toString(), session.locator());
    }

    /**
     * Locks the session and its topics, once every topic finished its upload (PROTOCOL.md §3): a session
     * without topics, with a topic that never completed a DoPut, or with one still uploading is refused.
     */
    public ActionResponse finalizeSession(ActionRequest.SessionFinalize request) {
        Session session = lookup.sessionByUuid(request.sessionUuid());
        if (session.isFinalized()) {
            throw alreadyFinalized(session);
        }
        Catalog catalog = lookup.catalog();
        List<Topic> topics = catalog.listTopicsOfSession(session.id());
        if (topics.isEmpty()) {
            throw ProtocolException.failedPrecondition("Session `" + ClientText.quote(session.locator())
                    + "` has no topic: there is nothing to finalize.");
        }
        uploads.firstUploading(topics, Topic::id).ifPresent(topic -> {
            throw ProtocolException.failedPrecondition("Session `" + ClientText.quote(session.locator())
                    + "` cannot be finalized while topic `" + ClientText.quote(topic.locator()) + "` is uploading.");
        });
        for (Topic topic : topics) {
            if (!topic.isUploadComplete()) {
                throw ProtocolException.failedPrecondition("Session `" + ClientText.quote(session.locator())
                        + "` cannot be finalized: topic `" + ClientText.quote(topic.locator())
                        + "` never completed an upload.");
            }
        }
        if (!catalog.finalizeSession(session.id())) {
            throw alreadyFinalized(session); // a concurrent finalize won
        }
        LOG.info("finalized session {} with {} topics", session.locator(), topics.size());
        return ActionResponse.NONE;
    }

    /** Deletes the session and its topics from the repository; their folders are left for the cleanup. */
    public ActionResponse delete(ActionRequest.SessionDelete request) {
        Session session = request.sessionUuid() != null ? lookup.sessionByUuid(request.sessionUuid())
                : lookup.sessionByLocator(request.locator());
        Catalog catalog = lookup.catalog();
        uploads.firstUploading(catalog.listTopicsOfSession(session.id()), Topic::id).ifPresent(topic -> {
            throw ProtocolException.failedPrecondition("Session `" + ClientText.quote(session.locator())
                    + "` cannot be deleted while topic `" + ClientText.quote(topic.locator()) + "` is uploading.");
        });
        if (!catalog.deleteSession(session.id())) {
            throw ProtocolException.notFound("Session", session.locator());
        }
        LOG.warn("deleted session {}", session.locator());
        return ActionResponse.NONE;
    }

    private static ProtocolException alreadyFinalized(Session session) {
        return ProtocolException.failedPrecondition("Session `" + ClientText.quote(session.locator())
                + "` is already finalized.");
    }
}
