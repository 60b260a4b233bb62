package io.mosaicod.bench;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.Folder;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.tasks.ChunkCatalogEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A topic for the benchmarks, ingested the way the server does it (one ZSTD chunk per client batch, written
 * through the codec into a local store and recorded in an embedded SQLite repository): int64
 * {@code timestamp_ns}, ten float64, a utf8 label and a 1–4 KB random binary payload. Neighbouring chunks
 * overlap in time by {@code overlap} of a chunk's span. Built once per spec and reused; {@link #reset()}
 * restores the repository as it was after ingestion (the optimizer never modifies the original chunks).
 */
public final class BenchDataset {
    private static final String READY = "READY";

    /** What to generate; {@code name} also names its folder. */
    public record Spec(String name, int chunks, int rowsPerChunk, double overlap, long seed) {
        String fingerprint() {
            return chunks + "x" + rowsPerChunk + "@" + overlap + "#" + seed;
        }
    }

    private final Spec spec;
    private final Path dataDir;
    private final List<Path> chunkFiles;
    private final long inputBytes;
    private final long arrowBytes;
    private final long rows;
    private final String topicFolder;

    private BenchDataset(Spec spec, Path dataDir, List<Path> chunkFiles, long inputBytes, long arrowBytes, long rows,
                         String topicFolder) {
        this.spec = spec;
        this.dataDir = dataDir;
        this.chunkFiles = chunkFiles;
        this.inputBytes = inputBytes;
        this.arrowBytes = arrowBytes;
        this.rows = rows;
        this.topicFolder = topicFolder;
    }

    public static Schema schema() {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null));
        for (int i = 0; i < 10; i++) {
            fields.add(new Field("f" + i, FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                    null));
        }
        fields.add(new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null));
        fields.add(new Field("payload", FieldType.nullable(ArrowType.Binary.INSTANCE), null));
        return new Schema(fields);
    }

    /** The dataset under {@code workDir/<name>}, generated unless a complete one with the same spec is there. */
    public static BenchDataset prepare(Path workDir, Spec spec) throws IOException {
        Path dataDir = workDir.resolve(spec.name());
        Path ready = dataDir.resolve(READY);
        if (!Files.exists(ready) || !Files.readString(ready).equals(spec.fingerprint())) {
            deleteTree(dataDir);
            Files.createDirectories(dataDir);
            System.out.printf("generating %s: %d chunks of %d rows, overlap %.0f %%...%n", spec.name(), spec.chunks(),
                    spec.rowsPerChunk(), spec.overlap() * 100);
            ingest(dataDir, spec);
            Files.copy(database(dataDir), snapshot(dataDir), StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(ready, spec.fingerprint());
        }
        restoreDatabase(dataDir); // an earlier, interrupted benchmark may have left it optimized
        BenchDataset dataset = open(dataDir, spec);
        dataset.reset();
        return dataset;
    }

    private static void ingest(Path dataDir, Spec spec) throws IOException {
        Schema schema = schema();
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(database(dataDir)));
             LocalObjectStore store = new LocalObjectStore(dataDir.resolve("store"));
             BufferAllocator allocator = new RootAllocator()) {
            Sequence sequence = repository.catalog().createSequence("bench", "{}", Folder.newSequence().name());
            Session session = repository.catalog().createSession(sequence.id());
            Folder folder = Folder.newTopic();
            Topic topic = repository.catalog().createTopic(new NewTopic(session.id(), "bench/" + spec.name(), "{}",
                    folder.name(), "ragged", Optional.of("bench")));
            store.put(folder.metadataKey(), "{\"bench\":true}".getBytes(StandardCharsets.UTF_8));
            Random random = new Random(spec.seed());
            long span = spec.rowsPerChunk() * 1_000_000L;
            for (int c = 0; c < spec.chunks(); c++) {
                long start = (long) (c * span * (1 - spec.overlap()));
                String key = folder.chunkKey(c);
                try (VectorSchemaRoot batch = batch(schema, allocator, random, start, span, spec.rowsPerChunk());
                     ObjectWriter object = store.newWriter(key);
                     ChunkWriter writer = ChunkWriter.open(object.stream(), key, schema, WriterProfile.RAGGED)) {
                    writer.write(batch);
                    ChunkSummary summary = writer.finish();
                    object.commit();
                    repository.catalog().addChunk(topic.id(), ChunkCatalogEntry.of(c, key, summary));
                }
            }
            repository.catalog().markUploadComplete(topic.id());
        }
    }

    private static VectorSchemaRoot batch(Schema schema, BufferAllocator allocator, Random random, long start, long span,
                                          int rows) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        long[] stamps = new long[rows];
        for (int i = 0; i < rows; i++) {
            stamps[i] = start + (long) (random.nextDouble() * span);
        }
        java.util.Arrays.sort(stamps); // each client batch is in time order, as sensors emit it
        BigIntVector ts = (BigIntVector) root.getVector(0);
        VarCharVector label = (VarCharVector) root.getVector(11);
        VarBinaryVector payload = (VarBinaryVector) root.getVector(12);
        byte[] blob = new byte[4096];
        for (int i = 0; i < rows; i++) {
            ts.setSafe(i, stamps[i]);
            for (int f = 1; f <= 10; f++) {
                ((Float8Vector) root.getVector(f)).setSafe(i, random.nextGaussian());
            }
            label.setSafe(i, ("sensor-" + random.nextInt(100_000)).getBytes(StandardCharsets.UTF_8));
            random.nextBytes(blob);
            payload.setSafe(i, blob, 0, 1024 + random.nextInt(3073));
        }
        root.setRowCount(rows);
        return root;
    }

    private static BenchDataset open(Path dataDir, Spec spec) throws IOException {
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(database(dataDir)))) {
            Topic topic = repository.catalog().findTopicByLocator("bench/" + spec.name()).orElseThrow();
            List<Path> files = new ArrayList<>();
            long bytes = 0;
            long arrow = 0;
            long rows = 0;
            for (Chunk chunk : repository.catalog().listChunks(topic.id())) {
                files.add(dataDir.resolve("store").resolve(chunk.objectKey()));
                bytes += chunk.sizeBytes();
                arrow += chunk.arrowSizeBytes();
                rows += chunk.rowCount();
            }
            return new BenchDataset(spec, dataDir, List.copyOf(files), bytes, arrow, rows, topic.folder());
        }
    }

    /** Puts the repository back as it was after ingestion and removes every optimized folder. */
    public void reset() throws IOException {
        restoreDatabase(dataDir);
        try (Stream<Path> folders = Files.list(dataDir.resolve("store"))) {
            for (Path folder : folders.filter(p -> p.getFileName().toString().startsWith("tp_")
                    && !p.getFileName().toString().equals(topicFolder)).toList()) {
                deleteTree(folder);
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

    /** Files of the optimized topic's current chunks (after a run), in chunk order. */
    public List<Path> currentChunkFiles() throws IOException {
        return open(dataDir, spec).chunkFiles;
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

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
