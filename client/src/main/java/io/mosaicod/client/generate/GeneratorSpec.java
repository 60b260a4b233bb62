package io.mosaicod.client.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * What to generate: {@code sequences} × {@code topicsPerSequence} topics, each uploaded as
 * {@code chunksPerTopic} record batches (so as many chunks) of {@code rowsPerChunk} rows.
 *
 * @param overlap          fraction in [0, 1) of a chunk's time span that the next chunk also covers; 0 gives
 *                         disjoint, time-ordered chunks, more gives the interleaved chunks the optimizer merges
 * @param unsortedFraction fraction in [0, 1] of chunks whose rows are shuffled (not in time order)
 * @param seed             everything generated is a function of the spec, seed included
 * @param sequencePrefix   sequences are named {@code <prefix>_0000}, {@code <prefix>_0001}, ...
 * @param startNs          timestamp of the first row of every topic, nanoseconds since the epoch
 * @param kinds            topic {@code i} of a sequence is of kind {@code kinds[i % kinds.size()]}
 * @param imageBytes       size of each camera image blob
 * @param lidarMaxPoints   longest lidar list (lengths are uniform in [0, max])
 * @param concurrency      sequences written at once
 */
public record GeneratorSpec(int sequences, int topicsPerSequence, int chunksPerTopic, int rowsPerChunk,
                            double overlap, double unsortedFraction, long seed, String sequencePrefix, long startNs,
                            List<TopicKind> kinds, int imageBytes, int lidarMaxPoints, int concurrency) {

    /** 2026-01-01T00:00:00Z. */
    public static final long DEFAULT_START_NS = 1_767_225_600_000_000_000L;

    public GeneratorSpec {
        Objects.requireNonNull(sequencePrefix, "sequencePrefix");
        kinds = List.copyOf(kinds);
        requireAtLeast("sequences", sequences, 1);
        requireAtLeast("topicsPerSequence", topicsPerSequence, 1);
        requireAtLeast("chunksPerTopic", chunksPerTopic, 1);
        requireAtLeast("rowsPerChunk", rowsPerChunk, 1);
        requireAtLeast("imageBytes", imageBytes, 3);
        requireAtLeast("lidarMaxPoints", lidarMaxPoints, 0);
        requireAtLeast("concurrency", concurrency, 1);
        if (!(overlap >= 0 && overlap < 1)) {
            throw new IllegalArgumentException("overlap is " + overlap + " but must be in [0, 1)");
        }
        if (!(unsortedFraction >= 0 && unsortedFraction <= 1)) {
            throw new IllegalArgumentException("unsortedFraction is " + unsortedFraction + " but must be in [0, 1]");
        }
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("kinds must name at least one topic kind");
        }
        if (sequencePrefix.isEmpty()) {
            throw new IllegalArgumentException("sequencePrefix must not be empty");
        }
    }

    /** One sequence with one topic of each kind, 10 chunks of 1,000 rows, disjoint and sorted. */
    public static GeneratorSpec defaults() {
        return new GeneratorSpec(1, TopicKind.values().length, 10, 1_000, 0, 0, 42, "generated", DEFAULT_START_NS,
                List.of(TopicKind.values()), 16 << 10, 64, 1);
    }

    public GeneratorSpec withShape(int newSequences, int newTopics, int newChunks, int newRows) {
        return new GeneratorSpec(newSequences, newTopics, newChunks, newRows, overlap, unsortedFraction, seed,
                sequencePrefix, startNs, kinds, imageBytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withOverlap(double newOverlap) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, newOverlap,
                unsortedFraction, seed, sequencePrefix, startNs, kinds, imageBytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withUnsortedFraction(double fraction) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, overlap, fraction,
                seed, sequencePrefix, startNs, kinds, imageBytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withSeed(long newSeed) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, overlap,
                unsortedFraction, newSeed, sequencePrefix, startNs, kinds, imageBytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withSequencePrefix(String prefix) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, overlap,
                unsortedFraction, seed, prefix, startNs, kinds, imageBytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withKinds(List<TopicKind> newKinds) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, overlap,
                unsortedFraction, seed, sequencePrefix, startNs, newKinds, imageBytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withImageBytes(int bytes) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, overlap,
                unsortedFraction, seed, sequencePrefix, startNs, kinds, bytes, lidarMaxPoints, concurrency);
    }

    public GeneratorSpec withConcurrency(int threads) {
        return new GeneratorSpec(sequences, topicsPerSequence, chunksPerTopic, rowsPerChunk, overlap,
                unsortedFraction, seed, sequencePrefix, startNs, kinds, imageBytes, lidarMaxPoints, threads);
    }

    /** The name of sequence {@code index}. */
    public String sequenceName(int index) {
        return String.format("%s_%04d", sequencePrefix, index);
    }

    /** The kind of topic {@code index} of a sequence. */
    public TopicKind kindOf(int topicIndex) {
        return kinds.get(topicIndex % kinds.size());
    }

    /** The path of topic {@code index}: the kind's path, numbered from the second round of kinds on. */
    public String topicPath(int topicIndex) {
        int round = topicIndex / kinds.size();
        String path = kindOf(topicIndex).path();
        return round == 0 ? path : path + "_" + round;
    }

    /** The user metadata of sequence {@code index}: robot, operator, seed, and a nested site object. */
    public ObjectNode sequenceMetadata(int index) {
        ObjectNode metadata = new ObjectMapper().createObjectNode();
        metadata.put("robot", String.format("rover-%02d", index % 8));
        metadata.put("operator", "mosaicod generator");
        metadata.put("seed", seed);
        ObjectNode site = metadata.putObject("site");
        site.put("name", "test track " + (index % 3));
        site.putArray("tags").add("generated").add("benchmark");
        return metadata;
    }

    public long totalChunks() {
        return (long) sequences * topicsPerSequence * chunksPerTopic;
    }

    public long totalRows() {
        return totalChunks() * rowsPerChunk;
    }

    private static void requireAtLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " is " + value + " but must be >= " + min);
        }
    }
}
