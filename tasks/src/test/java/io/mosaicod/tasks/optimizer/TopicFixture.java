package io.mosaicod.tasks.optimizer;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Session;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.tasks.ChunkCatalogEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Builds topics the way ingestion does (one chunk per client batch, written through the codec into the
 * store and recorded in the repository) and reads them back as rows, for the optimizer's tests.
 */
final class TopicFixture {
    static final Schema SCHEMA = new Schema(List.of(
            field("timestamp_ns", new ArrowType.Int(64, true), true, Map.of("description", "capture time")),
            field("acc_x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), false,
                    Map.of("description", "acceleration", "unit", "m/s2")),
            field("label", ArrowType.Utf8.INSTANCE, true, Map.of()),
            new Field("gps", new FieldType(true, ArrowType.Struct.INSTANCE, null, Map.of("frame", "wgs84")), List.of(
                    field("lat", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), false, Map.of()),
                    field("lon", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), false, Map.of()))),
            new Field("ranges", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                    field("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), true, Map.of()))),
            field("blob", ArrowType.Binary.INSTANCE, true, Map.of())),
            Map.of("mosaico:ontology", "imu", "origin", "fixture"));

    private final Repository repository;
    private final ObjectStore store;
    private final BufferAllocator allocator;
    private int sequences;

    TopicFixture(Repository repository, ObjectStore store, BufferAllocator allocator) {
        this.repository = repository;
        this.store = store;
        this.allocator = allocator;
    }

    /** What each ingested chunk holds: its timestamps in row order (null = a null timestamp). */
    record ChunkShape(List<Long> timestamps) {
    }

    /** Chunks of {@code rows} sorted rows each, every chunk starting {@code (1 - overlap)} of a chunk's span after the last. */
    static List<ChunkShape> nearlyOrdered(int chunks, int rows, double overlap, long seed) {
        Random random = new Random(seed);
        List<ChunkShape> shapes = new ArrayList<>();
        long span = rows * 1_000L;
        for (int c = 0; c < chunks; c++) {
            long start = 1_700_000_000_000_000_000L + (long) (c * span * (1 - overlap));
            List<Long> ts = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                ts.add(start + random.nextInt((int) span));
            }
            ts.sort(null);
            shapes.add(new ChunkShape(ts));
        }
        return shapes;
    }

    /** Creates a complete topic (upload finished) holding the given chunks. */
    Topic ingest(String path, String serializationFormat, List<ChunkShape> chunks) throws IOException {
        Sequence sequence = repository.catalog().createSequence("seq_" + (++sequences) + "_" + path.replace('/', '_'),
                "{}", Folder.newSequence().name());
        Session session = repository.catalog().createSession(sequence.id());
        Folder folder = Folder.newTopic();
        Topic topic = repository.catalog().createTopic(new NewTopic(session.id(), sequence.locator() + "/" + path,
                "{\"robot\":\"r1\"}", folder.name(), serializationFormat, Optional.of("imu")));
        store.put(folder.metadataKey(), ("{\"locator\":\"" + topic.locator() + "\"}").getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < chunks.size(); i++) {
            String key = folder.chunkKey(i);
            try (VectorSchemaRoot batch = batchOf(chunks.get(i).timestamps(), i);
                 ObjectWriter object = store.newWriter(key);
                 ChunkWriter writer = ChunkWriter.open(object.stream(), key, SCHEMA,
                         WriterProfile.forSerializationFormat(serializationFormat))) {
                writer.write(batch);
                ChunkSummary summary = writer.finish();
                object.commit();
                repository.catalog().addChunk(topic.id(), ChunkCatalogEntry.of(i, key, summary));
            }
        }
        repository.catalog().markUploadComplete(topic.id());
        return repository.catalog().findTopic(topic.id()).orElseThrow();
    }

    private VectorSchemaRoot batchOf(List<Long> timestamps, int chunk) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        BigIntVector ts = (BigIntVector) root.getVector("timestamp_ns");
        Float8Vector acc = (Float8Vector) root.getVector("acc_x");
        VarCharVector label = (VarCharVector) root.getVector("label");
        StructVector gps = (StructVector) root.getVector("gps");
        ListVector ranges = (ListVector) root.getVector("ranges");
        VarBinaryVector blob = (VarBinaryVector) root.getVector("blob");
        Float8Vector lat = (Float8Vector) gps.getChild("lat");
        Float8Vector lon = (Float8Vector) gps.getChild("lon");
        Float4Vector items = (Float4Vector) ranges.getDataVector();
        int item = 0;
        for (int r = 0; r < timestamps.size(); r++) {
            Long t = timestamps.get(r);
            if (t == null) {
                ts.setNull(r);
            } else {
                ts.setSafe(r, t);
            }
            acc.setSafe(r, chunk * 1000.0 + r / 7.0);
            if (r % 11 == 0) {
                label.setNull(r);
            } else {
                label.setSafe(r, ("c" + chunk + "r" + r).getBytes(StandardCharsets.UTF_8));
            }
            if (r % 13 == 0) {
                gps.setNull(r);
            } else {
                gps.setIndexDefined(r);
                lat.setSafe(r, 45.0 + r * 1e-5);
                lon.setSafe(r, 9.0 + chunk * 1e-3);
            }
            ranges.startNewValue(r);
            for (int k = 0; k < r % 4; k++) {
                items.setSafe(item++, chunk + k / 10f);
            }
            ranges.endValue(r, r % 4);
            blob.setSafe(r, new byte[] {(byte) chunk, (byte) r, (byte) (r >> 8)});
        }
        root.setRowCount(timestamps.size());
        return root;
    }

    /** Every row of the topic's current chunks, in chunk order then row order, rendered as text. */
    List<String> rows(Topic topic) throws IOException {
        List<String> rows = new ArrayList<>();
        for (Chunk chunk : repository.catalog().listChunks(topic.id())) {
            try (RandomAccessSource source = store.openSource(chunk.objectKey());
                 ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all().withBatchRows(500))) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot batch = reader.root();
                    for (int r = 0; r < batch.getRowCount(); r++) {
                        StringBuilder row = new StringBuilder();
                        for (FieldVector v : batch.getFieldVectors()) {
                            Object value = v.getObject(r);
                            row.append(value instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(value))
                                    .append('|');
                        }
                        rows.add(row.toString());
                    }
                }
            }
        }
        return rows;
    }

    /** The Arrow schema of every current chunk of the topic. */
    List<Schema> schemas(Topic topic) throws IOException {
        List<Schema> schemas = new ArrayList<>();
        for (Chunk chunk : repository.catalog().listChunks(topic.id())) {
            try (RandomAccessSource source = store.openSource(chunk.objectKey())) {
                schemas.add(ChunkFooter.read(source).schema());
            }
        }
        return schemas;
    }

    /** SHA-256 of every object under a folder, by key. */
    Map<String, String> checksums(String folder) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        try (var objects = store.list(folder + "/")) {
            for (ObjectInfo info : objects.toList()) {
                sums.put(info.key(), sha256(store.get(info.key())));
            }
        }
        return sums;
    }

    static Long timestampOf(String row) {
        String first = row.substring(0, row.indexOf('|'));
        return first.equals("null") ? null : Long.parseLong(first);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field field(String name, ArrowType type, boolean nullable, Map<String, String> metadata) {
        return new Field(name, new FieldType(nullable, type, null, metadata.isEmpty() ? null : metadata), null);
    }
}
