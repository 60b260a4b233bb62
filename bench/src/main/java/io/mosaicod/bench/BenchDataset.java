package io.mosaicod.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A topic for the benchmarks, ingested as users' topics are: through DoPut to a {@code mosaicod server} on the
 * dataset's data folder, with the embedded defaults (a local store and an SQLite repository), one chunk per
 * client batch, written with the writer profile of the topic's serialization format ({@link DatasetUpload}, whose
 * figures are kept beside the data and reported). Its rows are a {@link Shape}'s: by default the flat
 * {@link SensorBatch} rows (int64 {@code timestamp_ns}, ten float64, a utf8 label and a 1–4 KB random binary
 * payload). Each chunk's rows are sorted, unless a disorder moves some out of place ({@link Variant}), and
 * neighbouring chunks overlap in time by {@code overlap} of a chunk's span. Built once per spec and reused;
 * {@link #reset()} restores the repository as it was after ingestion (the optimizer never modifies the
 * original chunks).
 */
public final class BenchDataset {
    private static final String READY = "READY";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The ingestion's figures, beside the data: a dataset generated in an earlier run still reports them. */
    private static final String INGEST_FIGURES = "ingest.json";
    /** Part of every fingerprint: how the chunks were made. */
    private static final String INGESTION = "doput";

    /**
     * What to generate; {@code name} also names its folder. {@code topics} topics of {@code chunks} chunks
     * each, in one sequence: a single topic is {@code bench/<name>}, several are {@code bench/<name>-<i>}.
     * Rows are {@code shape}'s; {@code disorder} of each chunk's rows are moved out of time order.
     */
    public record Spec(String name, int chunks, int rowsPerChunk, double overlap, long seed, int topics, Shape shape,
                       double disorder) {
        public Spec(String name, int chunks, int rowsPerChunk, double overlap, long seed, int topics) {
            this(name, chunks, rowsPerChunk, overlap, seed, topics, FlatShape.INSTANCE, 0);
        }

        public Spec(String name, int chunks, int rowsPerChunk, double overlap, long seed) {
            this(name, chunks, rowsPerChunk, overlap, seed, 1);
        }

        String fingerprint() {
            // names how the chunks were made: datasets the harness wrote through the codec itself are made again
            return chunks + "x" + rowsPerChunk + "@" + overlap + "#" + seed + (topics == 1 ? "" : "*" + topics)
                    + (shape == FlatShape.INSTANCE ? "" : "/" + shape.name() + "." + shape.generation())
                    + (disorder == 0 ? "" : "~" + disorder) + "+" + INGESTION;
        }

        /**
         * Chunk {@code chunk}'s client batch, drawn from {@code random}, which the topic's chunks share in chunk
         * order (and the topics of a spec in topic order): it starts {@code 1 - overlap} of a chunk's span after
         * the chunk before, its rows are {@code disorder} out of time order. The caller closes it.
         */
        VectorSchemaRoot batch(BufferAllocator allocator, Random random, int chunk) {
            long span = rowsPerChunk * shape.periodNs();
            long start = shape.startNs() + (long) (chunk * span * (1 - overlap));
            long[] stamps = SensorBatch.sortedTimestamps(random, start, span, rowsPerChunk);
            Variant.disorder(random, stamps, disorder);
            return shape.create(allocator, random, stamps);
        }

        String locator(int topic) {
            return topics == 1 ? "bench/" + name : "bench/" + name + "-" + topic;
        }
    }

    /**
     * The overlapping topic of {@code chunks} chunks (200 rows, ~535 KB each; neighbours overlap 30 % in
     * time). Every scenario asks for it by chunk count, so one size is generated once and shared.
     */
    static Spec overlapping(int chunks) {
        return new Spec(chunks == OVERLAP_DEFAULT_FULL || chunks == OVERLAP_DEFAULT_SMALL ? "overlapping"
                : "overlapping-" + chunks, chunks, 200, 0.3, 1);
    }

    /** The chunk counts of the original "overlapping" dataset, whose folder name predates the other sizes. */
    static final int OVERLAP_DEFAULT_FULL = 2000;
    static final int OVERLAP_DEFAULT_SMALL = 200;

    private final Spec spec;
    private final Path dataDir;
    private final List<Path> chunkFiles;
    private final long inputBytes;
    private final long arrowBytes;
    private final long rows;
    private final Set<String> topicFolders;
    private final DatasetUpload.Figures ingest;

    private BenchDataset(Spec spec, Path dataDir, List<Path> chunkFiles, long inputBytes, long arrowBytes, long rows,
                         Set<String> topicFolders, DatasetUpload.Figures ingest) {
        this.spec = spec;
        this.dataDir = dataDir;
        this.chunkFiles = chunkFiles;
        this.inputBytes = inputBytes;
        this.arrowBytes = arrowBytes;
        this.rows = rows;
        this.topicFolders = topicFolders;
        this.ingest = ingest;
    }

    /** The dataset under {@code workDir/<name>}, generated unless a complete one with the same spec is there. */
    public static BenchDataset prepare(Path workDir, Spec spec) throws IOException, InterruptedException {
        Path dataDir = workDir.resolve(spec.name());
        Path ready = dataDir.resolve(READY);
        if (!Files.exists(ready) || !Files.readString(ready).equals(spec.fingerprint())) {
            FileTrees.delete(dataDir);
            Files.createDirectories(dataDir);
            System.out.printf("generating %s: %d topic(s) of %d chunks of %d %s rows, overlap %.0f %%%s...%n",
                    spec.name(), spec.topics(), spec.chunks(), spec.rowsPerChunk(), spec.shape().name(),
                    spec.overlap() * 100, spec.disorder() == 0 ? ""
                            : String.format(", %.0f %% of rows out of order", spec.disorder() * 100));
            long started = System.nanoTime();
            DatasetUpload.Figures ingest = DatasetUpload.upload(dataDir, spec);
            System.out.printf(Locale.ROOT, "  generated in %.1f s; DoPut of %d batches, %.1f MB of Arrow: %.2f s, "
                            + "%.1f MB/s, %.0f rows/s (server CPU %.1f s, of which JIT %.1f s; peak RSS %.0f MB)%n",
                    (System.nanoTime() - started) / 1e9, ingest.batches(), ingest.arrowBytes() / 1e6, ingest.seconds(),
                    ingest.arrowMegabytesPerSecond(), ingest.rowsPerSecond(), ingest.serverCpuSeconds(),
                    ingest.serverCompileSeconds(), ingest.serverPeakRssBytes() / 1e6);
            JSON.writeValue(dataDir.resolve(INGEST_FIGURES).toFile(), ingest);
            Files.copy(database(dataDir), snapshot(dataDir), StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(ready, spec.fingerprint());
        }
        restoreDatabase(dataDir); // an earlier, interrupted benchmark may have left it optimized
        BenchDataset dataset = open(dataDir, spec);
        dataset.reset();
        return dataset;
    }

    private static BenchDataset open(Path dataDir, Spec spec) throws IOException {
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(database(dataDir)))) {
            List<Path> files = new ArrayList<>();
            Set<String> folders = new HashSet<>();
            long bytes = 0;
            long arrow = 0;
            long rows = 0;
            for (int t = 0; t < spec.topics(); t++) {
                Topic topic = repository.catalog().findTopicByLocator(spec.locator(t)).orElseThrow();
                folders.add(topic.folder());
                for (Chunk chunk : repository.catalog().listChunks(topic.id())) {
                    files.add(dataDir.resolve("store").resolve(chunk.objectKey()));
                    bytes += chunk.sizeBytes();
                    arrow += chunk.arrowSizeBytes();
                    rows += chunk.rowCount();
                }
            }
            return new BenchDataset(spec, dataDir, List.copyOf(files), bytes, arrow, rows, Set.copyOf(folders),
                    JSON.readValue(dataDir.resolve(INGEST_FIGURES).toFile(), DatasetUpload.Figures.class));
        }
    }

    /** Puts the repository back as it was after ingestion and removes every optimized folder. */
    public void reset() throws IOException {
        restoreDatabase(dataDir);
        try (Stream<Path> folders = Files.list(dataDir.resolve("store"))) {
            for (Path folder : folders.filter(p -> p.getFileName().toString().startsWith("tp_")
                    && !topicFolders.contains(p.getFileName().toString())).toList()) {
                FileTrees.delete(folder);
            }
        }
    }

    private static void restoreDatabase(Path dataDir) throws IOException {
        try (Stream<Path> files = Files.list(dataDir)) {
            for (Path file : files.filter(p -> p.getFileName().toString().startsWith("mosaico.db")).toList()) {
                Files.delete(file);
            }
        }
        Files.copy(snapshot(dataDir), database(dataDir));
    }

    /** Files of the topics' current chunks (after a run), topic by topic in chunk order. */
    public List<Path> currentChunkFiles() throws IOException {
        return open(dataDir, spec).chunkFiles;
    }

    /** Copies the repository as it was after ingestion to {@code file}, for a server of another store. */
    public void copyIngestedRepository(Path file) throws IOException {
        Files.copy(snapshot(dataDir), file, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The repository the topics are recorded in (the embedded SQLite file), for checks after a run. */
    public Repository openRepository() {
        return Repositories.open(DatabaseConfig.sqlite(database(dataDir)));
    }

    public Spec spec() {
        return spec;
    }

    public Path dataDir() {
        return dataDir;
    }

    public List<Path> chunkFiles() {
        return chunkFiles;
    }

    public long inputBytes() {
        return inputBytes;
    }

    public long arrowBytes() {
        return arrowBytes;
    }

    public long rows() {
        return rows;
    }

    /** How the DoPut that made it went, when it was generated. */
    public DatasetUpload.Figures ingest() {
        return ingest;
    }

    private static Path database(Path dataDir) {
        return dataDir.resolve("mosaico.db");
    }

    private static Path snapshot(Path dataDir) {
        return dataDir.resolve("ingested.db.snapshot");
    }
}
