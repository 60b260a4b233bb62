package io.mosaicod.bench;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.io.FileTrees;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.Folder;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.read.ChunkCatalogEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A topic for the benchmarks, ingested the way the server does it (one chunk per client batch, written
 * through the codec into a local store with the writer profile of the topic's serialization format, and
 * recorded in an embedded SQLite repository). Its rows are a {@link Shape}'s: by default the flat
 * {@link SensorBatch} rows (int64 {@code timestamp_ns}, ten float64, a utf8 label and a 1–4 KB random binary
 * payload). Each chunk's rows are sorted, unless a disorder moves some out of place ({@link Variant}), and
 * neighbouring chunks overlap in time by {@code overlap} of a chunk's span. Built once per spec and reused;
 * {@link #reset()} restores the repository as it was after ingestion (the optimizer never modifies the
 * original chunks).
 */
public final class BenchDataset {
    private static final String READY = "READY";

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
            // the flat shape's sorted topics keep the fingerprints they had before shapes existed: same data
            return chunks + "x" + rowsPerChunk + "@" + overlap + "#" + seed + (topics == 1 ? "" : "*" + topics)
                    + (shape == FlatShape.INSTANCE ? "" : "/" + shape.name() + "." + shape.generation())
                    + (disorder == 0 ? "" : "~" + disorder);
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

    private BenchDataset(Spec spec, Path dataDir, List<Path> chunkFiles, long inputBytes, long arrowBytes, long rows,
                         Set<String> topicFolders) {
        this.spec = spec;
        this.dataDir = dataDir;
        this.chunkFiles = chunkFiles;
        this.inputBytes = inputBytes;
        this.arrowBytes = arrowBytes;
        this.rows = rows;
        this.topicFolders = topicFolders;
    }

    /** The dataset under {@code workDir/<name>}, generated unless a complete one with the same spec is there. */
    public static BenchDataset prepare(Path workDir, Spec spec) throws IOException {
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
            ingest(dataDir, spec);
            System.out.printf("  generated in %.1f s%n", (System.nanoTime() - started) / 1e9);
            Files.copy(database(dataDir), snapshot(dataDir), StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(ready, spec.fingerprint());
        }
        restoreDatabase(dataDir); // an earlier, interrupted benchmark may have left it optimized
        BenchDataset dataset = open(dataDir, spec);
        dataset.reset();
        return dataset;
    }

    private static void ingest(Path dataDir, Spec spec) throws IOException {
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(database(dataDir)));
             LocalObjectStore store = new LocalObjectStore(dataDir.resolve("store"));
             BufferAllocator allocator = new RootAllocator()) {
            Sequence sequence = repository.catalog().createSequence("bench", "{}", Folder.newSequence().name());
            Session session = repository.catalog().createSession(sequence.id());
            Random random = new Random(spec.seed());
            for (int t = 0; t < spec.topics(); t++) {
                ingestTopic(repository, store, allocator, session, spec, spec.locator(t), random);
            }
        }
    }

    private static void ingestTopic(Repository repository, LocalObjectStore store, BufferAllocator allocator,
                                    Session session, Spec spec, String locator, Random random) throws IOException {
        Folder folder = Folder.newTopic();
        Shape shape = spec.shape();
        Topic topic = repository.catalog().createTopic(new NewTopic(session.id(), locator, "{}", folder.name(),
                shape.serializationFormat(), Optional.of("bench")));
        WriterProfile profile = WriterProfile.forSerializationFormat(shape.serializationFormat());
        store.put(folder.metadataKey(), "{\"bench\":true}".getBytes(StandardCharsets.UTF_8));
        long span = spec.rowsPerChunk() * shape.periodNs();
        for (int c = 0; c < spec.chunks(); c++) {
            long start = shape.startNs() + (long) (c * span * (1 - spec.overlap()));
            String key = folder.chunkKey(c);
            long[] stamps = SensorBatch.sortedTimestamps(random, start, span, spec.rowsPerChunk());
            Variant.disorder(random, stamps, spec.disorder());
            try (VectorSchemaRoot batch = shape.create(allocator, random, stamps);
                 ObjectWriter object = store.newWriter(key);
                 ChunkWriter writer = ChunkWriter.open(object.stream(), key, batch.getSchema(), profile)) {
                writer.write(batch);
                ChunkSummary summary = writer.finish();
                object.commit();
                repository.catalog().addChunk(topic.id(), ChunkCatalogEntry.of(c, key, summary));
            }
        }
        repository.catalog().markUploadComplete(topic.id());
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
            return new BenchDataset(spec, dataDir, List.copyOf(files), bytes, arrow, rows, Set.copyOf(folders));
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

    private static Path database(Path dataDir) {
        return dataDir.resolve("mosaico.db");
    }

    private static Path snapshot(Path dataDir) {
        return dataDir.resolve("ingested.db.snapshot");
    }
}
