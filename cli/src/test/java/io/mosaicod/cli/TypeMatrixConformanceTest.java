package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import io.mosaicod.testkit.ChildMosaicod;
import io.mosaicod.testkit.JavaNames;
import io.mosaicod.testkit.PyArrow;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Arrow type pyarrow builds, through the user's door and every room behind it: a real {@code mosaicod server}
 * process, pyarrow's Flight client uploading one topic per type (the type at top level and nested three deep, with
 * nulls at every level, empty lists and maps, extremes, NaN and ±inf; three interleaved batches, one out of time
 * order), then the same batches through the project's Java client. Both sequences are read back — by pyarrow
 * (GetFlightInfo + DoGet, GetSchema, a {@code query} on each orderable leaf) and by the Java client — before
 * optimizing, after {@code store-optimizer} and after {@code cleanup}: values, schema and field metadata equal
 * what was sent. Types the store cannot keep are refused at the first message naming the field and the type
 * (docs/protocol.md's table). No message a client receives names a Java class. The schemas of the upstream SDK's
 * built-in models take the same way.
 */
class TypeMatrixConformanceTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");
    private static final Path SCRIPT = Path.of("../server/src/test/resources/python/type_matrix.py");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** docs/protocol.md's refused types, each sent at top level and nested. */
    private static final List<String> REFUSED = List.of("null", "decimal32", "decimal64", "decimal256",
            "month_day_nano_interval", "dictionary_utf8", "string_view", "binary_view", "list_view", "large_list_view",
            "empty_struct", "run_end_encoded", "sparse_union", "dense_union");

    @TempDir
    Path data;
    @TempDir
    Path sent;

    @Test
    void everyTypeKeptRoundTripsThroughUploadOptimizeAndCleanupAndEveryOtherIsRefusedAtTheSchema() throws Exception {
        PyArrow python = PyArrow.find();
        try (ChildMosaicod server = ChildMosaicod.start(env(), "server", "--port", "0")) {
            String port = portOf(server);
            JsonNode uploaded = run(python, "upload", port, "matrix_py", Long.toString(SEED.value()), sent.toString());
            List<String> kept = names(uploaded.get("kept"));
            assertThat(kept).as(SEED.toString()).hasSizeGreaterThan(40).contains("float16", "map_utf8_int32",
                    "fixed_size_list_of_float32", "decimal128_38_10", "timestamp_s_utc");
            List<String> refused = new ArrayList<>();
            uploaded.get("refused").fields().forEachRemaining(e -> {
                refused.add(e.getKey());
                assertThat(JavaNames.in(e.getValue().asText())).as(e.getValue().asText()).isEmpty();
            });
            assertThat(refused).containsExactlyInAnyOrderElementsOf(
                    REFUSED.stream().flatMap(name -> Stream.of(name, name + "_nested")).toList());

            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", Integer.parseInt(port))) {
                uploadWithJavaClient(client, "matrix_java", kept);
                for (Stage stage : Stage.values()) {
                    // the cleanup deletes the folder each topic of both sequences had before optimizing, and the
                    // folders of the topics deleted after their refusal
                    stage.reach(this, 2 * kept.size() + refused.size());
                    for (String sequence : List.of("matrix_py", "matrix_java")) {
                        JsonNode checked = run(python, "check", port, sequence, sent.toString());
                        assertThat(checked.get("checked")).as(stage + " " + sequence).hasSize(kept.size());
                        assertThat(checked.get("queried").asInt()).isGreaterThan(40);
                        readWithJavaClient(client, sequence, kept, stage.name());
                    }
                }
            }
        }
    }

    /**
     * The schemas of the upstream Python SDK's built-in models (src/test/resources/python/sdk_models.py: the 0.6/0.7
     * layout, with CameraInfo's and Inertia's fixed-size lists and Floating16's half float, and the 0.5 layout),
     * uploaded by pyarrow as the SDK sends them, finalized, optimized and read back equal.
     */
    @Test
    void everyBuiltInModelOfTheUpstreamSdkUploadsOptimizesAndReadsBackEqual() throws Exception {
        PyArrow python = PyArrow.find();
        try (ChildMosaicod server = ChildMosaicod.start(env(), "server", "--port", "0")) {
            String port = portOf(server);
            JsonNode uploaded = run(python, "upload-sdk", port, "sdk", Long.toString(SEED.value()), sent.toString());
            List<String> models = names(uploaded.get("kept"));
            assertThat(models).as(SEED.toString()).hasSizeGreaterThanOrEqualTo(56)
                    .contains("CameraInfo", "Inertia", "Floating16", "legacy_Floating16");
            for (Stage stage : List.of(Stage.UPLOADED, Stage.OPTIMIZED)) {
                stage.reach(this, 0);
                JsonNode checked = run(python, "check", port, "sdk", sent.toString());
                assertThat(checked.get("checked")).as(stage.name()).hasSize(models.size());
            }
        }
    }

    /** Where the topics are when they are read back. */
    private enum Stage {
        UPLOADED, OPTIMIZED, CLEANED;

        /** Runs the command that brings the topics to this stage; the cleanup must delete {@code retired} folders. */
        void reach(TypeMatrixConformanceTest test, int retired) throws IOException {
            if (this == OPTIMIZED) {
                MainRun optimizer = MainRun.of(test.data, test.env(), "store-optimizer");
                assertThat(optimizer.exitCode()).as("exit 3 when a topic failed: " + optimizer.err()).isZero();
            } else if (this == CLEANED) {
                int before = test.topicFolders();
                MainRun cleanup = MainRun.of(test.data, test.env(), "cleanup", "--retention-duration", "0");
                assertThat(cleanup.exitCode()).as(cleanup.err()).isZero();
                assertThat(test.topicFolders()).as("topic folders left by the cleanup").isEqualTo(before - retired);
            }
        }
    }

    private Map<String, String> env() {
        return Map.of("MOSAICOD_DATA_DIR", data.toString(), "MOSAICOD_LOG_FORMAT", "plain");
    }

    private static String portOf(ChildMosaicod server) throws Exception {
        Matcher listening = LISTENING.matcher(server.awaitLog(l -> LISTENING.matcher(l).find(), Duration.ofMinutes(1)));
        assertThat(listening.find()).isTrue();
        return listening.group(1);
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(name -> names.add(name.asText()));
        return names;
    }

    private int topicFolders() throws IOException {
        try (Stream<Path> folders = Files.list(data.resolve("store"))) {
            return (int) folders.filter(f -> f.getFileName().toString().startsWith("tp_")).count();
        }
    }

    /** Runs a phase of the script, which must succeed; its report. */
    private JsonNode run(PyArrow python, String... args) throws Exception {
        System.out.println("type_matrix.py " + String.join(" ", args) + " (" + SEED + ")");
        PyArrow.Run run = python.runScript(SCRIPT, List.of(args));
        String[] lines = run.output().strip().split("\n");
        assertThat(run.exitCode()).as(SEED + "\n" + run.output()).isZero();
        return JSON.readTree(lines[lines.length - 1]);
    }

    /** The batches pyarrow sent, through the Java client, into topics of the same names and tags. */
    private void uploadWithJavaClient(MosaicoClient client, String sequence, List<String> cases) throws IOException {
        client.createSequence(sequence, JSON.createObjectNode().put("suite", "type matrix"));
        SessionHandle session = client.createSession(sequence);
        for (String name : cases) {
            String locator = sequence + "/matrix/" + name;
            UUID topic = client.createTopic(session.uuid(),
                    new TopicSpec(locator, "default", name, JSON.createObjectNode()));
            try (InputStream file = Files.newInputStream(sent.resolve(name + ".arrows"));
                 ArrowStreamReader reader = new ArrowStreamReader(file, client.allocator());
                 TopicUpload upload = client.upload(locator, topic, reader.getVectorSchemaRoot().getSchema())) {
                while (reader.loadNextBatch()) {
                    upload.put(reader.getVectorSchemaRoot());
                }
                upload.complete();
            }
        }
        client.finalizeSession(session.uuid());
    }

    /** Every topic read with the Java client equals, value for value and field for field, what pyarrow sorted. */
    private void readWithJavaClient(MosaicoClient client, String sequence, List<String> cases, String stage)
            throws IOException {
        for (String name : cases) {
            String what = stage + " " + sequence + "/matrix/" + name + ", " + SEED;
            try (InputStream file = Files.newInputStream(sent.resolve(name + ".sorted.ipc"));
                 ArrowStreamReader expected = new ArrowStreamReader(file, client.allocator());
                 TopicReader read = client.read(sequence + "/matrix/" + name, null, null)) {
                VectorSchemaRoot want = expected.getVectorSchemaRoot();
                assertThat(expected.loadNextBatch()).isTrue();
                assertThat(read.schema().getFields()).as(what).isEqualTo(want.getSchema().getFields());
                int row = 0;
                while (read.next()) {
                    VectorSchemaRoot got = read.batch();
                    Iterator<FieldVector> wanted = want.getFieldVectors().iterator();
                    for (FieldVector column : got.getFieldVectors()) {
                        FieldVector wantedColumn = wanted.next();
                        assertThat(new RangeEqualsVisitor(column, wantedColumn)
                                .rangeEquals(new Range(0, row, got.getRowCount())))
                                .as(what + ", column " + column.getName() + " at row " + row).isTrue();
                    }
                    row += got.getRowCount();
                }
                assertThat(row).as(what).isEqualTo(want.getRowCount());
            }
        }
    }
}
