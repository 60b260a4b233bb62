package io.mosaicod.server.ingest;

import io.mosaicod.core.locator.TopicLocator;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Topic;
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
import java.util.UUID;
import java.util.concurrent.Semaphore;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Opens an upload from the first message of a DoPut (PROTOCOL.md §4), checking in the protocol's order: the
 * CMD descriptor, the schema, the locator and uuid, then the topic's state. Only one upload of a topic runs
 * at a time on this server.
 */
final class TopicUploads {
    private final WireCodec codec;
    private final CatalogLookup lookup;
    private final ObjectStore store;
    private final UploadRegistry registry;
    private final ChunkCommitter committer;
    private final Semaphore writePermits;
    private final BufferAllocator allocator;
    private final long streamMemoryBytes;
    private final ServerMetrics metrics;

    /**
     * @param allocator       the memory of all uploads; each stream takes a child of it
     * @param maxMessageBytes the message limit: a stream holds one message at a time, so its own allocations
     *                        (the batch it decodes) stay within twice that
     */
    TopicUploads(WireCodec codec, CatalogLookup lookup, ObjectStore store, UploadRegistry registry,
                 int chunkWriteConcurrency, BufferAllocator allocator, int maxMessageBytes, ServerMetrics metrics) {
        this.codec = codec;
        this.lookup = lookup;
        this.store = store;
        this.registry = registry;
        this.committer = new ChunkCommitter(lookup.catalog(), store);
        this.writePermits = new Semaphore(chunkWriteConcurrency);
        this.allocator = allocator;
        this.streamMemoryBytes = 2L * maxMessageBytes;
        this.metrics = metrics;
    }

    TopicUpload begin(FlightDataMessage first) throws IOException {
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
                    + "` does not grant access to topic `" + locator + "`.");
        }
        requireWritable(topic);
        if (!registry.tryBegin(topic.id())) {
            throw ProtocolException.failedPrecondition("Topic `" + topic.locator() + "` is already uploading.");
        }
        try {
            return open(topic, schema);
        } catch (IOException | RuntimeException e) {
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
            throw ProtocolException.badRequest("the schema message does not decode (" + e.getMessage() + ")", e);
        }
    }

    private static void requireWritable(Topic topic) {
        if (topic.locked()) {
            throw ProtocolException.failedPrecondition("Topic `" + topic.locator()
                    + "` is locked: its session is finalized.");
        }
        if (topic.isUploadComplete()) {
            throw ProtocolException.failedPrecondition("Topic `" + topic.locator() + "` is already uploaded.");
        }
    }

    private TopicUpload open(Topic topic, Schema schema) throws IOException {
        Catalog catalog = lookup.catalog();
        // re-read under the claim: a stream that broke earlier may have left chunks, and appending to them
        // would mix two uploads in one topic
        Topic current = catalog.findTopic(topic.id()).orElseThrow(() -> ProtocolException.notFound("Topic",
                topic.locator()));
        requireWritable(current);
        if (!catalog.listChunks(current.id()).isEmpty()) {
            throw ProtocolException.failedPrecondition("Topic `" + current.locator() + "` holds the chunks of an "
                    + "interrupted upload; delete its session and upload again.");
        }
        Folder folder = Folder.parse(current.folder()).orElseThrow(() -> new IllegalStateException("topic `"
                + current.locator() + "` has folder '" + current.folder() + "', which is not a topic folder"));
        recordSchema(folder, schema);
        BufferAllocator streamAllocator = allocator.newChildAllocator("upload " + current.locator(), 0,
                Math.min(streamMemoryBytes, allocator.getLimit()));
        metrics.uploadStarted();
        return new TopicUpload(current, folder, schema, catalog, committer, registry, writePermits, streamAllocator,
                metrics);
    }

    /** Rewrites the folder's {@code metadata.json} with the schema, so the folder explains its chunks alone. */
    private void recordSchema(Folder folder, Schema schema) throws IOException {
        String key = folder.metadataKey();
        TopicFolderMetadata metadata = TopicFolderMetadata.fromJson(store.get(key), key);
        store.put(key, metadata.withSchema(schema).toJson());
    }
}
