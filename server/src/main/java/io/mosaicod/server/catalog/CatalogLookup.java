package io.mosaicod.server.catalog;

import io.mosaicod.core.locator.SequenceName;
import io.mosaicod.core.locator.SessionLocator;
import io.mosaicod.core.locator.TopicLocator;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.server.protocol.Uuids;
import java.util.UUID;

/** Finds what a request names, or refuses it with NOT_FOUND / INVALID_ARGUMENT. */
public final class CatalogLookup {
    private final Catalog catalog;

    public CatalogLookup(Catalog catalog) {
        this.catalog = catalog;
    }

    public Catalog catalog() {
        return catalog;
    }

    public Sequence sequence(String locator) {
        SequenceName name = SequenceName.parse(locator);
        return catalog.findSequence(name.value()).orElseThrow(() -> ProtocolException.notFound("Sequence", name));
    }

    public Session sessionByUuid(String uuid) {
        UUID id = Uuids.parse(uuid);
        return catalog.findSession(id).orElseThrow(() -> ProtocolException.notFound("Session", id));
    }

    public Session sessionByLocator(String locator) {
        SessionLocator parsed = SessionLocator.parse(locator);
        return catalog.findSession(parsed.toString())
                .orElseThrow(() -> ProtocolException.notFound("Session", parsed));
    }

    public Topic topic(String locator) {
        TopicLocator parsed = TopicLocator.parse(locator);
        return catalog.findTopicByLocator(parsed.toString())
                .orElseThrow(() -> ProtocolException.notFound("Topic", parsed));
    }

    public Topic topicByUuid(UUID uuid) {
        return catalog.findTopic(uuid).orElseThrow(() -> ProtocolException.notFound("Topic", uuid));
    }
}
