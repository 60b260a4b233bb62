package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import java.nio.file.Path;
import java.util.UUID;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeTest {
    @TempDir
    Path dir;

    @Test
    void writeAndRead() throws Exception {
        try (Backend backend = Backend.sqliteLocal(dir); ServerUnderTest server = ServerUnderTest.start(backend)) {
            MosaicoClient client = server.client();
            System.out.println(client.info());
            ObjectMapper json = new ObjectMapper();
            client.createSequence("run1", json.createObjectNode().put("robot", "r1"));
            SessionHandle session = client.createSession("run1");
            UUID topic = client.createTopic(session.uuid(), new TopicSpec("run1/imu", "default", "imu",
                    json.createObjectNode().put("frame", "base")));
            try (TopicUpload upload = client.upload("run1/imu", topic, SampleTopic.SCHEMA)) {
                for (long[] ts : new long[][] {{30, 40, 50}, {10, 20, 35}, {60, 5}}) {
                    try (VectorSchemaRoot batch = SampleTopic.batch(client.allocator(), ts)) {
                        upload.put(batch);
                    }
                }
                upload.complete();
            }
            client.finalizeSession(session.uuid());
            System.out.println(client.topicInfo("run1/imu").flightInfo());
            try (TopicReader reader = client.read("run1/imu", null, null)) {
                System.out.println(reader.schema());
                var rows = Rows.readAll(reader);
                System.out.println(rows);
                assertThat(Rows.timestamps(rows, 0)).containsExactly(5L, 10L, 20L, 30L, 35L, 40L, 50L, 60L);
            }
            try (TopicReader reader = client.read("run1/imu", 20L, 50L)) {
                assertThat(Rows.timestamps(Rows.readAll(reader), 0)).containsExactly(20L, 30L, 35L, 40L);
            }
            System.out.println(client.sequenceInfo("run1").appMetadata());
            System.out.println(client.listSequences());
        }
    }
}
