package io.mosaicod.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Small IMU recordings uploaded through DoPut, as a robot uploads: one sequence, one session, topics of
 * {@value #BATCHES} batches (one chunk each) of {@value #ROWS} rows at 100 Hz, {@code acc.z} near 9.81. The
 * catalog-scale scenario's real topic is one, and so are the topics it ingests while it measures.
 */
final class CatalogRecording {
    static final String ONTOLOGY_TAG = "imu";
    static final int BATCHES = 10;
    static final int ROWS = 100;
    private static final long ROW_NS = 10_000_000L;
    static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("acc", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                    float64("x"), float64("y"), float64("z"))),
            new Field("status", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

    private CatalogRecording() {
    }

    /** Uploads sequence {@code sequence} with topics {@code sequence/imu_0} ... and finalizes its session. */
    static void upload(MosaicoClient client, String sequence, int topics) {
        ObjectNode robot = JsonNodeFactory.instance.objectNode();
        robot.putObject("robot").put("name", "recorder");
        client.createSequence(sequence, robot);
        SessionHandle session = client.createSession(sequence);
        for (int t = 0; t < topics; t++) {
            String locator = sequence + "/imu_" + t;
            ObjectNode meta = JsonNodeFactory.instance.objectNode().put("rate_hz", 100);
            UUID uuid = client.createTopic(session.uuid(), new TopicSpec(locator, "default", ONTOLOGY_TAG, meta));
            try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator());
                 TopicUpload upload = client.upload(locator, uuid, SCHEMA)) {
                for (int b = 0; b < BATCHES; b++) {
                    fill(batch, b);
                    upload.put(batch);
                }
                upload.complete();
            }
        }
        client.finalizeSession(session.uuid());
    }

    private static void fill(VectorSchemaRoot batch, int index) {
        BigIntVector ts = (BigIntVector) batch.getVector("timestamp_ns");
        StructVector acc = (StructVector) batch.getVector("acc");
        VarCharVector status = (VarCharVector) batch.getVector("status");
        for (int r = 0; r < ROWS; r++) {
            long row = (long) index * ROWS + r;
            ts.setSafe(r, row * ROW_NS);
            acc.setIndexDefined(r);
            ((Float8Vector) acc.getChild("x")).setSafe(r, Math.sin(row / 10.0));
            ((Float8Vector) acc.getChild("y")).setSafe(r, Math.cos(row / 10.0));
            ((Float8Vector) acc.getChild("z")).setSafe(r, 9.81 + 0.2 * Math.sin(row / 7.0));
            status.setSafe(r, (row % 50 == 0 ? "warn" : "ok").getBytes(StandardCharsets.UTF_8));
        }
        batch.setRowCount(ROWS);
    }

    private static Field float64(String name) {
        return new Field(name, FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null);
    }
}
