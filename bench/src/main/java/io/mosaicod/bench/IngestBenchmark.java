package io.mosaicod.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.server.MosaicodServer;
import io.mosaicod.server.ServerSettings;
import io.mosaicod.store.LocalObjectStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Ingestion throughput (DESIGN.md §1, PROTOCOL.md §4): a server on the embedded defaults (SQLite + local
 * store, every chunk fsynced) takes one DoPut of many batches of a given size, each becoming one chunk;
 * reports MB/s and batches/s. Client and server share this JVM (and the machine's 2 cores).
 */
final class IngestBenchmark {
    /** One batch size's result. */
    record Result(long batchBytes, int batches, double seconds) {
        double megabytesPerSecond() {
            return batchBytes * (double) batches / 1e6 / seconds;
        }

        double batchesPerSecond() {
            return batches / seconds;
        }
    }

    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("value", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
            new Field("payload", FieldType.notNullable(ArrowType.Binary.INSTANCE), null)));
    private static final int ROW_PAYLOAD = 1024;

    private IngestBenchmark() {
    }

    static List<Result> run(Path work, boolean full) throws Exception {
        long[][] shapes = full
                ? new long[][] {{10L << 10, 3000}, {1L << 20, 300}, {10L << 20, 40}}
                : new long[][] {{10L << 10, 300}, {1L << 20, 30}, {10L << 20, 4}};
        List<Result> results = new ArrayList<>();
        Path data = work.resolve("ingest");
        FileTrees.delete(data);
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
             LocalObjectStore store = new LocalObjectStore(data.resolve("store"))) {
            MosaicodServer server = MosaicodServer.start(ServerSettings.defaults().withEndpoint("127.0.0.1", 0),
                    repository, store);
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port())) {
                for (long[] shape : shapes) {
                    results.add(upload(client, shape[0], (int) shape[1]));
                }
            } finally {
                server.close();
            }
        }
        return results;
    }

    private static Result upload(MosaicoClient client, long batchBytes, int batches) {
        String sequence = "ingest_" + batchBytes;
        client.createSequence(sequence, JsonNodeFactory.instance.objectNode());
        SessionHandle session = client.createSession(sequence);
        String topic = sequence + "/payload";
        UUID uuid = client.createTopic(session.uuid(),
                new TopicSpec(topic, "default", "bench", JsonNodeFactory.instance.objectNode()));
        int rows = (int) Math.max(1, batchBytes / (ROW_PAYLOAD + 16));
        Random random = new Random(batchBytes);
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator())) {
            byte[] payload = new byte[ROW_PAYLOAD];
            long started = System.nanoTime();
            try (TopicUpload upload = client.upload(topic, uuid, SCHEMA)) {
                for (int b = 0; b < batches; b++) {
                    for (int r = 0; r < rows; r++) {
                        ((BigIntVector) batch.getVector(0)).setSafe(r, (long) b * rows + r);
                        ((Float8Vector) batch.getVector(1)).setSafe(r, random.nextGaussian());
                        random.nextBytes(payload);
                        ((VarBinaryVector) batch.getVector(2)).setSafe(r, payload);
                    }
                    batch.setRowCount(rows);
                    upload.put(batch);
                }
                upload.complete();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            client.finalizeSession(session.uuid());
            Result result = new Result((long) rows * (ROW_PAYLOAD + 16), batches, seconds);
            System.out.printf(Locale.ROOT, "  ingest %8d-byte batches x %5d: %7.1f MB/s, %7.0f batches/s%n",
                    result.batchBytes(), batches, result.megabytesPerSecond(), result.batchesPerSecond());
            return result;
        }
    }

    static String markdown(List<Result> results) {
        StringBuilder out = new StringBuilder("| batch size | batches | MB/s | batches/s |\n|---|---|---|---|\n");
        for (Result r : results) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.0f |%n", size(r.batchBytes()), r.batches(),
                    r.megabytesPerSecond(), r.batchesPerSecond()));
        }
        return out.toString();
    }

    private static String size(long bytes) {
        return bytes >= (1 << 20) ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
    }
}
