package io.mosaicod.reliability;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.db.Topic;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.read.fixture.TopicFixture.ChunkShape;
import io.mosaicod.testkit.ChildMosaicod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A {@code mosaicod server} child process and a Flight client to it: ingests topics as a robot would (one
 * DoPut batch per chunk, with the same rows the {@link TopicFixture} writes) and reads them back with DoGet.
 * What each ingested topic held is computed from the batches sent and recorded in the {@link DataLedger}.
 */
final class ServerSession implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    private final Deployment deployment;
    private final ChildMosaicod server;
    private final MosaicoClient client;
    /** Builds the batches in the client's allocator: DoPut shares their buffers with the stream. */
    private final TopicFixture batches;

    ServerSession(Deployment deployment) throws Exception {
        this(deployment, Map.of());
    }

    /** A server with extra settings ({@code MOSAICOD_*} variables). */
    ServerSession(Deployment deployment, Map<String, String> env) throws Exception {
        this.deployment = deployment;
        this.server = deployment.start(env, "server", "--port", "0");
        Matcher listening = LISTENING.matcher(server.awaitLog(line -> LISTENING.matcher(line).find(),
                Deployment.PROCESS_TIMEOUT));
        if (!listening.find()) {
            throw new AssertionError("no port in the server's log");
        }
        this.client = MosaicoClient.connect("127.0.0.1", Integer.parseInt(listening.group(1)));
        this.batches = new TopicFixture(deployment.repository, deployment.store, client.allocator());
    }

    ChildMosaicod process() {
        return server;
    }

    MosaicoClient client() {
        return client;
    }

    int port() {
        return Integer.parseInt(client.target().substring(client.target().lastIndexOf(':') + 1));
    }

    /** What an upload sent: the topic, its metadata.json once the server recorded the schema, the rows. */
    record Upload(Topic topic, String metadataJson, List<String> rows) {
    }

    /** Ingests a topic {@code <name>/imu} in a sequence of its own, one DoPut batch per chunk. */
    Topic ingest(String name, String serializationFormat, List<ChunkShape> chunks) throws IOException {
        Upload upload = upload(name, serializationFormat, chunks, chunks.size(), chunks.size(), null);
        deployment.ledger.expect(new DataLedger.Original(upload.topic().id(), upload.topic().locator(),
                upload.topic().userMetadataJson(), serializationFormat, upload.metadataJson(), upload.rows().size(),
                DataLedger.digest(DataLedger.stableSortByTime(upload.rows()))));
        return upload.topic();
    }

    /**
     * Like {@link #ingest}, but the client gives up after {@code sent} batches, once the server has stored
     * them: the stream is cancelled and the topic's upload never completes. Not recorded in the ledger.
     */
    Upload ingestAndCancel(String name, String serializationFormat, List<ChunkShape> chunks, int sent)
            throws IOException {
        return upload(name, serializationFormat, chunks, sent, sent, upload -> upload.abort("the client gives up"));
    }

    /**
     * Sends every batch but kills the server process with {@code kill -9} once it has stored {@code stored}
     * chunks, so that the kill may land while it writes the next ones. Not recorded in the ledger.
     */
    Upload ingestAndKillServer(String name, String serializationFormat, List<ChunkShape> chunks, int stored)
            throws IOException {
        return upload(name, serializationFormat, chunks, chunks.size(), stored, upload -> server.killHard());
    }

    /** Removes the sequence and everything in it from the repository, as a client may. */
    void deleteSequence(String name) {
        client.deleteSequence(name);
    }

    /**
     * Sends the first {@code sent} batches; then completes the upload if {@code interruption} is null, or else
     * waits until the server has stored {@code storedBefore} chunks and interrupts it.
     */
    private Upload upload(String name, String serializationFormat, List<ChunkShape> chunks, int sent,
                          int storedBefore, Consumer<TopicUpload> interruption) throws IOException {
        var metadata = JsonNodeFactory.instance.objectNode().put("robot", "r1");
        client.createSequence(name, metadata);
        SessionHandle session = client.createSession(name);
        String locator = name + "/imu";
        UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, serializationFormat, "imu", metadata));
        Topic topic = deployment.repository.catalog().findTopicByLocator(locator).orElseThrow();
        String metadataJson = null;
        List<String> rows = new ArrayList<>();
        try (TopicUpload upload = client.upload(locator, uuid, TopicFixture.SCHEMA)) {
            for (int i = 0; i < sent; i++) {
                if (i == 1) {
                    // the server adds the schema to metadata.json when the upload opens; recorded before the
                    // upload completes, so before any optimizer may queue the topic
                    metadataJson = awaitSchemaIn(topic.folder() + "/metadata.json");
                }
                try (VectorSchemaRoot batch = batches.batchOf(chunks.get(i).timestamps(), i)) {
                    for (int r = 0; r < batch.getRowCount(); r++) {
                        rows.add(TopicFixture.render(batch, r));
                    }
                    upload.put(batch);
                }
            }
            if (interruption == null) {
                upload.complete();
                client.finalizeSession(session.uuid());
            } else {
                awaitChunks(topic, storedBefore);
                interruption.accept(upload);
            }
        }
        return new Upload(topic, metadataJson, rows);
    }

    private void awaitChunks(Topic topic, int count) {
        long deadline = System.nanoTime() + Deployment.PROCESS_TIMEOUT.toNanos();
        while (deployment.repository.catalog().listChunks(topic.id()).size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the server did not store " + count + " chunks of " + topic.locator());
            }
            Thread.onSpinWait(); // polling the repository for the server's step
        }
    }

    private String awaitSchemaIn(String key) throws IOException {
        long deadline = System.nanoTime() + Deployment.PROCESS_TIMEOUT.toNanos();
        while (true) {
            String json = new String(deployment.store.get(key), StandardCharsets.UTF_8);
            if (json.contains("arrow_schema")) {
                return json;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the server never recorded the schema in " + key + ": " + json);
            }
            Thread.onSpinWait(); // polling the store for the server's step
        }
    }

    /** Every row of the topic as DoGet streams it, rendered as the ledger renders rows. */
    List<String> read(String locator) {
        List<String> rows = new ArrayList<>();
        try (io.mosaicod.client.TopicReader reader = client.read(locator, null, null)) {
            while (reader.next()) {
                VectorSchemaRoot batch = reader.batch();
                for (int r = 0; r < batch.getRowCount(); r++) {
                    rows.add(TopicFixture.render(batch, r));
                }
            }
        }
        return rows;
    }

    @Override
    public void close() throws Exception {
        client.close();
    }
}
