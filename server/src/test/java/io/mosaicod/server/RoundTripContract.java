package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mosaicod.client.TopicInfo;
import io.mosaicod.client.TopicReader;
import io.mosaicod.client.generate.DataGenerator;
import io.mosaicod.client.generate.GenerationProgress;
import io.mosaicod.client.generate.GenerationReport;
import io.mosaicod.client.generate.GeneratorSpec;
import io.mosaicod.client.generate.TopicBatches;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Topic;
import io.mosaicod.testkit.TestSeed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ingest → read back: the generator writes fragmented topics of every sensor kind (overlapping chunks, some
 * unsorted) the way the SDK does; DoGet must return exactly the rows sent, in time order (ties in upload
 * order), with the schema and metadata sent, for the whole topic and for random ranges; GetFlightInfo's counts
 * must match the repository.
 */
abstract class RoundTripContract extends ServerFixture {
    private static final int TIMESTAMP = 0; // the generator's schemas put timestamp_ns first

    GeneratorSpec spec;
    GenerationReport report;
    List<GenerationProgress> progress = new CopyOnWriteArrayList<>();
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    final long seed = SEED.value();

    @BeforeAll
    void generate() throws InterruptedException {
        spec = GeneratorSpec.defaults().withShape(2, 6, 7, 300).withOverlap(0.35).withUnsortedFraction(0.25)
                .withSeed(seed).withImageBytes(2048).withSequencePrefix(uniqueName("rt")).withConcurrency(2);
        report = DataGenerator.run(client, spec, progress::add);
    }

    /** The rows of a generated topic in the order a reader must see them: stable by timestamp. */
    private List<List<Object>> expectedRows(int sequence, int topic) {
        List<List<Object>> rows = new ArrayList<>();
        try (TopicBatches batches = new TopicBatches(spec, sequence, topic, client.allocator())) {
            VectorSchemaRoot batch;
            while ((batch = batches.next()) != null) {
                rows.addAll(Rows.of(batch));
            }
        }
        rows.sort(Comparator.comparing(row -> (Long) row.get(TIMESTAMP))); // List.sort is stable
        return rows;
    }

    private static List<List<Object>> within(List<List<Object>> rows, long start, long end) {
        return rows.stream().filter(r -> (Long) r.get(TIMESTAMP) >= start && (Long) r.get(TIMESTAMP) < end).toList();
    }

    @Test
    void theGeneratorReportsEveryChunkAndWritesWhatItsSpecSays() {
        assertThat(report.chunks()).isEqualTo(spec.totalChunks());
        assertThat(report.rows()).isEqualTo(spec.totalRows());
        assertThat(progress).hasSize((int) spec.totalChunks());
        assertThat(progress).extracting(GenerationProgress::chunksDone).doesNotHaveDuplicates()
                .contains(spec.totalChunks());
        assertThat(report.topics()).hasSize(spec.sequences() * spec.topicsPerSequence());
        for (String sequence : report.sequences()) {
            assertThat(catalog().findSequence(sequence)).isPresent();
        }
    }

    @Test
    void doGetReturnsExactlyTheRowsSentInTimeOrderWithTheirSchema() {
        for (int s = 0; s < spec.sequences(); s++) {
            for (int t = 0; t < spec.topicsPerSequence(); t++) {
                String locator;
                Schema sent;
                try (TopicBatches batches = new TopicBatches(spec, s, t, client.allocator())) {
                    locator = batches.locator();
                    sent = batches.schema();
                }
                try (TopicReader reader = client.read(locator, null, null)) {
                    assertThat(reader.schema().getFields()).as(locator).isEqualTo(sent.getFields());
                    assertThat(reader.schema().getCustomMetadata()).as(locator)
                            .containsAllEntriesOf(sent.getCustomMetadata());
                    assertThat(Rows.readAll(reader)).as("rows of %s (seed %s)", locator, seed)
                            .isEqualTo(expectedRows(s, t));
                }
            }
        }
    }

    @Test
    void rangeReadsReturnExactlyTheRowsOfTheirHalfOpenWindow() {
        Random random = new Random(seed);
        for (int s = 0; s < spec.sequences(); s++) {
            for (int t = 0; t < spec.topicsPerSequence(); t++) {
                List<List<Object>> all = expectedRows(s, t);
                long first = (Long) all.get(0).get(TIMESTAMP);
                long last = (Long) all.get(all.size() - 1).get(TIMESTAMP);
                String locator = spec.sequenceName(s) + "/" + spec.topicPath(t);
                for (int i = 0; i < 3; i++) {
                    long a = first + (long) (random.nextDouble() * (last - first));
                    long b = first + (long) (random.nextDouble() * (last - first));
                    long start = Math.min(a, b);
                    long end = Math.max(a, b) + 1;
                    List<List<Object>> expected = within(all, start, end);
                    TopicInfo info = client.topicInfo(locator, start, end);
                    JsonNode window = info.endpoint().appMetadata().path("time_window_info");
                    assertThat(window.path("row_count").asLong()).as("%s [%s, %s)", locator, start, end)
                            .isEqualTo(expected.size());
                    try (TopicReader reader = client.read(info.endpoint().ticket())) {
                        assertThat(Rows.readAll(reader)).as("%s [%s, %s) seed %s", locator, start, end, seed)
                                .isEqualTo(expected);
                    }
                    if (!expected.isEmpty()) {
                        assertThat(window.path("interval").path("start_ns").asLong())
                                .isEqualTo(expected.get(0).get(TIMESTAMP));
                        assertThat(window.path("interval").path("end_ns").asLong())
                                .isEqualTo(expected.get(expected.size() - 1).get(TIMESTAMP));
                    }
                }
            }
        }
    }

    @Test
    void flightInfoCountsMatchTheRepository() {
        for (String locator : report.topics()) {
            Topic topic = catalog().findTopicByLocator(locator).orElseThrow();
            List<Chunk> chunks = catalog().listChunks(topic.id());
            JsonNode data = client.topicInfo(locator).endpoint().appMetadata().path("data_info");
            assertThat(data.path("total_chunks_count").asLong()).isEqualTo(chunks.size())
                    .isEqualTo(spec.chunksPerTopic());
            assertThat(data.path("total_row_count").asLong())
                    .isEqualTo(chunks.stream().mapToLong(Chunk::rowCount).sum())
                    .isEqualTo((long) spec.chunksPerTopic() * spec.rowsPerChunk());
            assertThat(data.path("total_bytes").asLong()).isEqualTo(chunks.stream().mapToLong(Chunk::sizeBytes).sum());
            assertThat(data.path("interval").path("start_ns").asLong()).isEqualTo(topic.firstTimestampNs().orElseThrow());
            assertThat(data.path("interval").path("end_ns").asLong()).isEqualTo(topic.lastTimestampNs().orElseThrow());
        }
    }

    @Test
    void topicsAndSequencesKeepTheMetadataTheirClientDeclared() {
        for (int s = 0; s < spec.sequences(); s++) {
            JsonNode sequence = client.sequenceInfo(spec.sequenceName(s)).userMetadata();
            assertThat(sequence).isEqualTo(spec.sequenceMetadata(s));
            for (int t = 0; t < spec.topicsPerSequence(); t++) {
                try (TopicBatches batches = new TopicBatches(spec, s, t, client.allocator())) {
                    TopicInfo info = client.topicInfo(batches.locator());
                    assertThat(info.userMetadata()).isEqualTo(batches.topicSpec().userMetadata());
                    assertThat(info.properties().path("ontology_tag").asText())
                            .isEqualTo(batches.kind().ontologyTag());
                    assertThat(info.properties().path("serialization_format").asText())
                            .isEqualTo(batches.kind().serializationFormat());
                    assertThat(info.endpoint().locked()).isTrue();
                    Map<String, String> fieldMetadata = info.schema().getFields().get(0).getMetadata();
                    assertThat(fieldMetadata).containsKey("description");
                }
            }
        }
    }
}
