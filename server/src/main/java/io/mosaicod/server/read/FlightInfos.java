package io.mosaicod.server.read;

import io.mosaicod.core.ClientText;
import io.mosaicod.core.locator.SequenceName;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.server.protocol.FlightInfoCommand;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.server.protocol.SequenceManifest;
import io.mosaicod.server.protocol.TimeRange;
import io.mosaicod.server.protocol.TopicManifest;
import io.mosaicod.server.protocol.UserMetadata;
import io.mosaicod.server.protocol.WireCodec;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * GetFlightInfo (PROTOCOL.md §5): a sequence's sessions and one endpoint per topic, or one topic's schema and
 * its single endpoint. Endpoints carry no location (the client reuses its connection) and a ticket for DoGet.
 */
public final class FlightInfos {
    private final WireCodec codec;
    private final CatalogLookup lookup;
    private final TopicResolver resolver;
    private final TopicManifests manifests;

    FlightInfos(WireCodec codec, CatalogLookup lookup, TopicResolver resolver, TopicManifests manifests) {
        this.codec = codec;
        this.lookup = lookup;
        this.resolver = resolver;
        this.manifests = manifests;
    }

    public FlightInfo describe(FlightDescriptor descriptor) {
        if (!descriptor.isCommand()) {
            throw ProtocolException.badRequest("unsupported descriptor type PATH: GetFlightInfo takes a CMD "
                    + "descriptor");
        }
        FlightInfoCommand command = codec.decodeFlightInfoCommand(descriptor.getCommand());
        String locator = command.resourceLocator();
        if (locator.contains("/")) {
            return topic(descriptor, locator, command.range());
        }
        if (locator.contains(":")) {
            throw ProtocolException.badRequest("session locator `" + ClientText.quote(locator)
                    + "` is not supported by "
                    + "GetFlightInfo; ask for its sequence or one of its topics");
        }
        return sequence(descriptor, SequenceName.parse(locator), command.range());
    }

    private FlightInfo sequence(FlightDescriptor descriptor, SequenceName name, TimeRange range) {
        Sequence sequence = lookup.sequence(name.value());
        Catalog catalog = lookup.catalog();
        List<Topic> topics = catalog.listTopicsOfSequence(sequence.id());
        List<Session> sequenceSessions = catalog.listSessions(sequence.id());
        UserMetadata userMetadata = UserMetadata.parse(sequence.userMetadataJson());
        List<FlightEndpoint> endpoints = new ArrayList<>();
        long bytes = 0;
        long rows = 0;
        for (Topic topic : topics) {
            Session session = sequenceSessions.stream().filter(s -> s.id() == topic.sessionId()).findFirst()
                    .orElse(null);
            if (session == null) {
                continue; // its session was deleted after the topics were listed
            }
            TopicManifest manifest = manifests.describe(resolver.resolve(topic, session), range);
            endpoints.add(endpoint(manifest, range));
            bytes += manifest.dataInfo().totalBytes();
            rows += manifest.effectiveRowCount();
        }
        byte[] appMetadata = codec.encodeSequenceAppMetadata(new SequenceManifest(sequence.locator(),
                Nanos.of(sequence.createdAt()), userMetadata, sessionManifests(sequenceSessions, topics)));
        Schema schema = new Schema(List.of(), codec.sequenceSchemaMetadata(userMetadata));
        return new FlightInfo(schema, descriptor, endpoints, bytes, rows, false, IpcOption.DEFAULT, appMetadata);
    }

    private static List<SequenceManifest.SessionManifest> sessionManifests(List<Session> sessions,
                                                                           List<Topic> topics) {
        List<SequenceManifest.SessionManifest> manifests = new ArrayList<>();
        for (Session session : sessions) {
            manifests.add(new SequenceManifest.SessionManifest(session.locator(), Nanos.of(session.createdAt()),
                    session.completedAt().map(Nanos::of).orElse(null), session.isFinalized(),
                    topics.stream().filter(t -> t.sessionId() == session.id()).map(Topic::locator).toList()));
        }
        return manifests;
    }

    private FlightInfo topic(FlightDescriptor descriptor, String locator, TimeRange range) {
        TopicSnapshot snapshot = resolver.resolve(locator);
        TopicManifest manifest = manifests.describe(snapshot, range);
        Schema schema = SchemaMetadata.with(snapshot.schema(), codec.topicSchemaMetadata(manifest));
        FlightEndpoint endpoint = endpoint(manifest, range);
        // the endpoint carries TopicAppMetadata as upstream does; the FlightInfo repeats it for readers that
        // look there
        return new FlightInfo(schema, descriptor, List.of(endpoint), manifest.dataInfo().totalBytes(),
                manifest.effectiveRowCount(), true, IpcOption.DEFAULT, endpoint.getAppMetadata());
    }

    private FlightEndpoint endpoint(TopicManifest manifest, TimeRange range) {
        Ticket ticket = new Ticket(new TopicTicket(manifest.locator(), range).encode());
        return FlightEndpoint.builder(ticket).setAppMetadata(codec.encodeTopicAppMetadata(manifest)).build();
    }
}
