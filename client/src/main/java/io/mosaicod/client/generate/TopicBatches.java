package io.mosaicod.client.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.client.TopicSpec;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The record batches of one generated topic, in upload order: exactly what {@link DataGenerator} sends for
 * topic {@code topicIndex} of sequence {@code sequenceIndex}, so a test or benchmark can recompute what it
 * expects to read back.
 */
public final class TopicBatches implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Sequences are an hour apart, so they never share a time range by accident. */
    private static final long SEQUENCE_SPACING_NS = 3_600_000_000_000L;

    private final GeneratorSpec spec;
    private final TopicKind kind;
    private final TopicModel model;
    private final String locator;
    private final SplittableRandom random;
    private final ChunkTimeline timeline;
    private final VectorSchemaRoot batch;
    private int next;

    public TopicBatches(GeneratorSpec spec, int sequenceIndex, int topicIndex, BufferAllocator allocator) {
        this.spec = spec;
        this.kind = spec.kindOf(topicIndex);
        this.model = kind.model(spec);
        this.locator = spec.sequenceName(sequenceIndex) + "/" + spec.topicPath(topicIndex);
        this.random = new SplittableRandom(spec.seed() * 0x9E3779B97F4A7C15L + sequenceIndex * 0xC2B2AE3D27D4EB4FL
                + topicIndex);
        long startNs = spec.startNs() + sequenceIndex * SEQUENCE_SPACING_NS + random.nextLong(model.periodNs());
        this.timeline = new ChunkTimeline(startNs, model.periodNs(), spec.rowsPerChunk(), spec.overlap());
        this.batch = VectorSchemaRoot.create(model.schema(), allocator);
    }

    public String locator() {
        return locator;
    }

    public TopicKind kind() {
        return kind;
    }

    public Schema schema() {
        return batch.getSchema();
    }

    /** What {@code topic_create} declares: format, ontology tag and user metadata of the kind. */
    public TopicSpec topicSpec() {
        ObjectNode metadata = JSON.createObjectNode();
        metadata.put("frame_id", kind.path().replace('/', '_'));
        ObjectNode driver = metadata.putObject("driver");
        driver.put("name", kind.ontologyTag() + "-driver");
        driver.put("version", "1.4.2");
        return new TopicSpec(locator, kind.serializationFormat(), kind.ontologyTag(), metadata);
    }

    /**
     * Fills and returns the next chunk's batch (the same root each time, valid until the next call), or null
     * after the last one.
     */
    public VectorSchemaRoot next() {
        if (next == spec.chunksPerTopic()) {
            return null;
        }
        boolean shuffle = random.nextDouble() < spec.unsortedFraction();
        model.fill(batch, timeline.chunk(next, shuffle, random), random);
        next++;
        return batch;
    }

    @Override
    public void close() {
        batch.close();
    }
}
