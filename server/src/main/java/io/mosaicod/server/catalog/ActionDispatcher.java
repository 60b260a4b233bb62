package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.db.NotificationTarget;
import io.mosaicod.server.protocol.ActionName;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Routes a {@code DoAction} to its handler: decodes the body with the wire codec, runs the action, and
 * encodes the one reply envelope. Every action of PROTOCOL.md §3 has exactly one entry here.
 */
public final class ActionDispatcher {
    private final WireCodec codec;
    private final long maxReplyBytes;
    private final Map<ActionName, Function<byte[], ActionResponse>> handlers = new EnumMap<>(ActionName.class);

    public ActionDispatcher(WireCodec codec, CatalogLookup lookup, CatalogSearch search, TopicSearch data,
                            ObjectStore store,
                            UploadRegistry uploads, ServerInfoActions server, Clock clock) {
        this.codec = codec;
        this.maxReplyBytes = server.maxEncodeMessageBytes();
        SequenceActions sequences = new SequenceActions(lookup, store, uploads, clock);
        SessionActions sessions = new SessionActions(lookup, uploads);
        TopicActions topics = new TopicActions(lookup, store, uploads, clock);
        NotificationActions sequenceNotifications = new NotificationActions(lookup, NotificationTarget.Kind.SEQUENCE);
        NotificationActions topicNotifications = new NotificationActions(lookup, NotificationTarget.Kind.TOPIC);

        on(ActionName.INFO, body -> {
            codec.decodeNoArguments(body);
            return server.info();
        });
        on(ActionName.VERSION, body -> {
            codec.decodeNoArguments(body);
            return server.version();
        });
        on(ActionName.SEQUENCE_CREATE, body -> sequences.create(codec.decodeSequenceCreate(body)));
        on(ActionName.SEQUENCE_DELETE, body -> sequences.delete(codec.decodeByLocator(body)));
        on(ActionName.SESSION_CREATE, body -> sessions.create(codec.decodeByLocator(body)));
        on(ActionName.SESSION_FINALIZE, body -> sessions.finalizeSession(codec.decodeSessionFinalize(body)));
        on(ActionName.SESSION_DELETE, body -> sessions.delete(codec.decodeSessionDelete(body)));
        on(ActionName.TOPIC_CREATE, body -> topics.create(codec.decodeTopicCreate(body)));
        on(ActionName.TOPIC_DELETE, body -> topics.delete(codec.decodeByLocator(body)));
        on(ActionName.SEQUENCE_NOTIFICATION_CREATE,
                body -> sequenceNotifications.create(codec.decodeNotificationCreate(body)));
        on(ActionName.SEQUENCE_NOTIFICATION_LIST, body -> sequenceNotifications.list(codec.decodeByLocator(body)));
        on(ActionName.SEQUENCE_NOTIFICATION_PURGE, body -> sequenceNotifications.purge(codec.decodeByLocator(body)));
        on(ActionName.TOPIC_NOTIFICATION_CREATE,
                body -> topicNotifications.create(codec.decodeNotificationCreate(body)));
        on(ActionName.TOPIC_NOTIFICATION_LIST, body -> topicNotifications.list(codec.decodeByLocator(body)));
        on(ActionName.TOPIC_NOTIFICATION_PURGE, body -> topicNotifications.purge(codec.decodeByLocator(body)));
        QueryActions queries = new QueryActions(search, data);
        on(ActionName.QUERY, body -> queries.query(codec.decodeQuery(body)));
        for (ActionName name : ActionName.values()) {
            if (!handlers.containsKey(name)) {
                throw new IllegalStateException("no handler for action " + name.wireName());
            }
        }
    }

    private void on(ActionName name, Function<byte[], ActionResponse> handler) {
        handlers.put(name, handler);
    }

    /** The reply body for action {@code type}; throws {@link ProtocolException} (or worse) on refusal. */
    public byte[] dispatch(String type, byte[] body) {
        ActionName name = ActionName.fromWireName(type).orElseThrow(
                () -> ProtocolException.badRequest("no available action for string `" + ClientText.quote(type) + "`"));
        byte[] reply = codec.encodeReply(name, handlers.get(name).apply(body));
        if (reply.length > maxReplyBytes) {
            throw new ProtocolException(ErrorCode.RESOURCE_EXHAUSTED, "The reply to `" + name.wireName() + "` would be "
                    + reply.length + " bytes, over the server's message limit of " + maxReplyBytes + " bytes"
                    + (name.wireName().endsWith("notification_list") ? "; purge notifications to read the list." : "."));
        }
        return reply;
    }
}
