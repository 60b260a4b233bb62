package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.db.CatalogSearch;
import io.mosaicod.db.NotificationTarget;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.server.protocol.ActionName;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Routes a {@code DoAction} to its handler: decodes the body with the wire codec, runs the action, and
 * encodes the one reply envelope. Every action of PROTOCOL.md §3 has exactly one entry here.
 */
public final class ActionDispatcher {
    private final WireCodec codec;
    private final long maxReplyBytes;
    private final Map<ActionName, Handler> handlers = new EnumMap<>(ActionName.class);

    /** Answers one action's request body with its replies, each sent as one Result as it comes. */
    @FunctionalInterface
    private interface Handler {
        void answer(byte[] body, Consumer<ActionResponse> replies);
    }

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
        ClusterActions clusters = new ClusterActions(lookup, data);
        onStream(ActionName.TOPIC_FILTER_CLUSTERIZE, (body, replies) -> clusters.clusterize(codec.decodeClusterize(body),
                replies));
        onStream(ActionName.TOPIC_FILTER_INTERSECT, (body, replies) -> clusters.intersect(codec.decodeIntersect(body),
                replies));
        for (ActionName name : ActionName.values()) {
            if (!handlers.containsKey(name)) {
                throw new IllegalStateException("no handler for action " + name.wireName());
            }
        }
    }

    /** An action answered with exactly one Result (every action but the cluster ones). */
    private void on(ActionName name, Function<byte[], ActionResponse> handler) {
        handlers.put(name, (body, replies) -> replies.accept(handler.apply(body)));
    }

    /** An action answered with any number of Results, zero included. */
    private void onStream(ActionName name, Handler handler) {
        handlers.put(name, handler);
    }

    /**
     * Answers action {@code type}, handing each reply body to {@code replies} as it is made; throws
     * {@link ProtocolException} (or worse) on refusal, possibly after some replies.
     */
    public void dispatch(String type, byte[] body, Consumer<byte[]> replies) {
        ActionName name = ActionName.fromWireName(type).orElseThrow(
                () -> ProtocolException.badRequest("no available action for string `" + ClientText.quote(type) + "`"));
        handlers.get(name).answer(body, response -> {
            byte[] reply = codec.encodeReply(name, response);
            if (reply.length > maxReplyBytes) {
                throw new ProtocolException(ErrorCode.RESOURCE_EXHAUSTED, "The reply to `" + name.wireName()
                        + "` would be " + reply.length + " bytes, over the server's message limit of " + maxReplyBytes
                        + " bytes" + (name.wireName().endsWith("notification_list")
                        ? "; purge notifications to read the list." : "."));
            }
            replies.accept(reply);
        });
    }
}
