package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import io.mosaicod.core.locator.TopicLocator;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Topic;
import io.mosaicod.db.UploadClaims;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.server.catalog.UploadRegistry;
import io.mosaicod.server.folder.TopicFolderMetadata;
import io.mosaicod.server.protocol.DoPutCommand;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.server.protocol.Uuids;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Opens an upload from the first message of a DoPut (PROTOCOL.md §4), checking in the protocol's order: the
 * CMD descriptor, the schema, the locator and uuid, then the topic's state. Only one upload of a topic runs
 * at a time, on this server (the {@link UploadRegistry}, which actions consult) and across every server sharing
 * the repository (a {@link TopicClaim}, taken before anything is written to the store).
 */
final class TopicUploads {
    private final WireCodec codec;
    private final CatalogLookup lookup;
    private final ObjectStore store;
    private final UploadRegistry registry;
    private final UploadClaims claims;
    private final ClaimTerms claimTerms;
    private final ScheduledExecutorService claimRenewals;
    private final ChunkPipeline pipeline;
    private final BufferAllocator allocator;
    private final ServerMetrics metrics;

    /**
     * @param claimRenewals   the timer that renews the claims of running uploads
     * @param pipeline        what stores the chunks of every upload
     * @param allocator       the memory of all uploads; each stream takes a child of it
     */
    TopicUploads(WireCodec codec, CatalogLookup lookup, ObjectStore store, UploadRegistry registry,
                 UploadClaims claims, ClaimTerms claimTerms, ScheduledExecutorService claimRenewals,
                 ChunkPipeline pipeline, BufferAllocator allocator, ServerMetrics metrics) {
        this.codec = codec;
        this.lookup = lookup;
        this.store = store;
        this.registry = registry;
        this.claims = claims;
        this.claimTerms = claimTerms;
        this.claimRenewals = claimRenewals;
        this.pipeline = pipeline;
        this.allocator = allocator;
        this.metrics = metrics;
    }

    /**
     * @param replies        the stream's replies, which the upload answers from then on
     * @param onAcknowledged told whenever batches were acknowledged (the stream's window opened)
     */
    TopicUpload begin(FlightDataMessage first, PutReplies replies, Runnable onAcknowledged) throws IOException {
        DoPutCommand command = command(first);
        if (!first.isSchema()) {
            throw ProtocolException.badRequest("missing schema: the first message of a DoPut must carry the Arrow "
                    + "schema, not " + first.describe());
        }
        Schema schema = schema(first);
        UploadSchema.check(schema);
        TopicLocator locator = TopicLocator.parse(command.resourceLocator());
        UUID uuid = Uuids.parse(command.topicUuid());
        Topic topic = lookup.topicByUuid(uuid);
        if (!topic.locator().equals(locator.toString())) {
            throw new ProtocolException(ErrorCode.PERMISSION_DENIED, "Topic uuid `" + uuid
                    + "` does not grant access to topic `" + ClientText.quote(locator) + "`.");
        }
        requireWritable(topic);
        if (!registry.tryBegin(topic.id())) {
            throw alreadyUploading(topic);
        }
        TopicClaim claim = null;
        try {
            Optional<TopicClaim> granted = TopicClaim.take(claims, topic, claimTerms, claimRenewals);
            if (granted.isEmpty()) {
                throw refusal(topic);
            }
            claim = granted.get();
            return open(topic, schema, claim, replies, onAcknowledged);
        } catch (IOException | RuntimeException e) {
            if (claim != null) {
                claim.release();
            }
            registry.end(topic.id());
            throw e;
        }
    }

    private DoPutCommand command(FlightDataMessage first) {
        Flight.FlightDescriptor descriptor = first.descriptor();
        if (descriptor == null) {
            throw ProtocolException.badRequest("missing descriptor: the first message of a DoPut must carry a CMD "
                    + "descriptor");
        }
        if (descriptor.getType() != Flight.FlightDescriptor.DescriptorType.CMD) {
            throw ProtocolException.badRequest("unsupported descriptor type " + descriptor.getType()
                    + ": a DoPut takes a CMD descriptor");
        }
        return codec.decodeDoPutCommand(descriptor.getCmd().toByteArray());
    }

    private static Schema schema(FlightDataMessage first) {
        try {
            return MessageSerializer.deserializeSchema(first.header());
        } catch (RuntimeException e) {
            Optional<String> unreadable;
            try {
                unreadable = UnreadableSchema.firstUnreadableField(first.header());
            } catch (RuntimeException malformed) {
                unreadable = Optional.empty();
            }
            if (unreadable.isPresent()) {
                throw UploadSchema.unsupported(unreadable.get() + ", which chunks cannot store");
            }
            throw ProtocolException.badRequest("the schema message does not decode as an Arrow schema", e);
        }
    }

    private static void requireWritable(Topic topic) {
        if (topic.locked()) {
            throw ProtocolException.failedPrecondition("Topic `" + ClientText.quote(topic.locator())
                    + "` is locked: its session is finalized.");
        }
        if (topic.isUploadComplete()) {
            throw ProtocolException.failedPrecondition("Topic `" + ClientText.quote(topic.locator())
                    + "` is already uploaded.");
        }
    }

    /**
     * Why the repository refused to claim the topic, read after the fact: its state (which the claim checked in
     * the same step), or another upload holding it, on this server or another one. Chunks count as an
     * interrupted upload's only if no upload held the topic: the running one stores chunks too. The claim is
     * read first: an upload that completes meanwhile ends its claim in the same step, so the topic read after
     * shows it uploaded.
     */
    private ProtocolException refusal(Topic topic) {
        boolean claimed = claims.isClaimed(topic.id());
        Catalog catalog = lookup.catalog();
        Topic current = catalog.findTopic(topic.id()).orElseThrow(() -> ProtocolException.notFound("Topic",
                topic.locator()));
        requireWritable(current);
        if (!claimed && !catalog.listChunks(current.id()).isEmpty()) {
            // appending to the chunks a broken stream left would mix two uploads in one topic
            return ProtocolException.failedPrecondition("Topic `" + ClientText.quote(current.locator())
                    + "` holds the chunks of an "
                    + "interrupted upload; delete its session and upload again.");
        }
        return alreadyUploading(current);
    }

    private static ProtocolException alreadyUploading(Topic topic) {
        return ProtocolException.failedPrecondition("Topic `" + ClientText.quote(topic.locator())
                + "` is already uploading.");
    }

    /** The claim proved the topic uploadable: incomplete, unlocked and without chunks, and no other upload's. */
    private TopicUpload open(Topic topic, Schema schema, TopicClaim claim, PutReplies replies,
                             Runnable onAcknowledged) throws IOException {
        Folder folder = Folder.parse(topic.folder()).orElseThrow(() -> new IllegalStateException("topic `"
                + ClientText.quote(topic.locator()) + "` has folder '" + topic.folder()
                + "', which is not a topic folder"));
        claim.requireHeld();
        recordSchema(folder, schema);
        BufferAllocator streamAllocator = allocator.newChildAllocator("upload " + topic.locator(), 0,
                allocator.getLimit());
        metrics.uploadStarted();
        return new TopicUpload(topic, folder, schema, claim, pipeline, registry, streamAllocator, replies,
                onAcknowledged, metrics);
    }

    /** Rewrites the folder's {@code metadata.json} with the schema, so the folder explains its chunks alone. */
    private void recordSchema(Folder folder, Schema schema) throws IOException {
        String key = folder.metadataKey();
        TopicFolderMetadata metadata = TopicFolderMetadata.fromJson(store.get(key), key);
        store.put(key, metadata.withSchema(schema).toJson());
    }
}
