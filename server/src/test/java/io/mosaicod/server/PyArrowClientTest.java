package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import io.mosaicod.testkit.PyArrow;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server against a client written without any of mosaicod's code, in another language: pyarrow's Flight
 * client runs the mosaico SDK's call sequence (src/test/resources/python/sdk_call_sequence.py, which checks
 * every answer it gets), and this side checks what the server recorded of it.
 */
class PyArrowClientTest extends ServerFixture {

    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Test
    void theSdkCallSequenceFromPyarrowWritesAndReadsANestedTopic() throws Exception {
        JsonNode written = runScript("sdk_call_sequence.py", "pyarrow");

        Topic topic = catalog().findTopicByLocator(written.get("locator").asText()).orElseThrow();
        assertThat(topic.isUploadComplete()).isTrue();
        List<Chunk> chunks = catalog().listChunks(topic.id());
        assertThat(chunks).hasSize(3); // one per batch pyarrow sent
        assertThat(chunks.stream().mapToLong(Chunk::rowCount).sum()).isEqualTo(written.get("rows").asLong());
        assertThat(chunks.stream().filter(c -> !c.sorted())).hasSize(1);
        assertThat(chunks.stream().mapToLong(c -> c.minTimestampNs().getAsLong()).min().getAsLong())
                .isEqualTo(written.get("min").asLong());
        assertThat(chunks.stream().mapToLong(c -> c.maxTimestampNs().getAsLong()).max().getAsLong())
                .isEqualTo(written.get("max").asLong());
    }

    /** An acknowledgement reaches a client of another language as docs/protocol.md says, batch by batch. */
    @Test
    void pyarrowHearsEachBatchStoredThroughItsApplicationMetadata() throws Exception {
        JsonNode written = runScript("acknowledged_upload.py", "pyacks");

        Topic topic = catalog().findTopicByLocator(written.get("locator").asText()).orElseThrow();
        assertThat(topic.isUploadComplete()).isTrue();
        List<Chunk> chunks = catalog().listChunks(topic.id());
        assertThat(chunks).hasSize(written.get("batches").asInt());
        assertThat(chunks.stream().mapToLong(Chunk::rowCount).sum()).isEqualTo(written.get("rows").asLong());
    }

    /**
     * Runs a script of src/test/resources/python against the server with a new sequence name, which must succeed;
     * returns the JSON of its last output line (what it wrote).
     */
    private JsonNode runScript(String script, String sequenceStem) throws Exception {
        PyArrow.Run run = PyArrow.find().runScript(Path.of("src/test/resources/python", script),
                List.of(Integer.toString(server.port()), uniqueName(sequenceStem)));
        assertThat(run.exitCode()).as(run.output()).isZero();
        String[] lines = run.output().strip().split("\n");
        return JSON.readTree(lines[lines.length - 1]);
    }
}
