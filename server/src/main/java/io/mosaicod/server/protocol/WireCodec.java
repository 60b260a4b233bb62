package io.mosaicod.server.protocol;

import io.mosaicod.core.search.SearchFilter;
import java.util.Map;

/**
 * How the protocol's messages are encoded on the wire: action bodies, reply envelopes, Flight commands,
 * {@code app_metadata} and the {@code mosaico:*} schema metadata. mosaicod 0.3–0.7 use JSON
 * ({@link JsonWireCodec}); upstream is moving to protobuf for the same messages, which becomes a second
 * implementation of this interface.
 *
 * <p>Decoders throw {@link ProtocolException} ({@code INVALID_ARGUMENT}, {@code Bad request: body
 * deserialization error.}) when a body does not decode or lacks a required field.
 */
public interface WireCodec {

    /** Checks the body of an action without parameters ({@code info}, {@code version}). */
    void decodeNoArguments(byte[] body);

    ActionRequest.SequenceCreate decodeSequenceCreate(byte[] body);

    ActionRequest.ByLocator decodeByLocator(byte[] body);

    ActionRequest.SessionFinalize decodeSessionFinalize(byte[] body);

    ActionRequest.SessionDelete decodeSessionDelete(byte[] body);

    ActionRequest.TopicCreate decodeTopicCreate(byte[] body);

    ActionRequest.NotificationCreate decodeNotificationCreate(byte[] body);

    /**
     * A {@code query} body (SEARCH.md §1).
     *
     * @throws ProtocolException INVALID_ARGUMENT, {@code Bad request: ...}, naming what the filter got wrong
     */
    SearchFilter decodeQuery(byte[] body);

    ActionRequest.Clusterize decodeClusterize(byte[] body);

    ActionRequest.Intersect decodeIntersect(byte[] body);

    /** The reply to {@code action}: exactly one {@code Result} body, the envelope naming the same action. */
    byte[] encodeReply(ActionName action, ActionResponse response);

    DoPutCommand decodeDoPutCommand(byte[] cmd);

    /** @throws ProtocolException INVALID_ARGUMENT also for an empty time range */
    FlightInfoCommand decodeFlightInfoCommand(byte[] cmd);

    /** The sequence FlightInfo's {@code app_metadata}. */
    byte[] encodeSequenceAppMetadata(SequenceManifest sequence);

    /** A topic endpoint's {@code app_metadata}. */
    byte[] encodeTopicAppMetadata(TopicManifest topic);

    /** Schema metadata of a sequence FlightInfo: {@code mosaico:context}, {@code mosaico:user_metadata}. */
    Map<String, String> sequenceSchemaMetadata(UserMetadata userMetadata);

    /**
     * Schema metadata of a topic (its FlightInfo and its DoGet stream): {@code mosaico:context},
     * {@code mosaico:properties} (of the requested range, if any), {@code mosaico:user_metadata}.
     */
    Map<String, String> topicSchemaMetadata(TopicManifest topic);
}
