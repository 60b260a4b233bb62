package io.mosaicod.read.search;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One chunk read for a search, a batch at a time: its time and the columns the conditions name that it has,
 * of a struct only the fields named (the time also gives batches their rows when every condition names a
 * column the chunk lacks), with the conditions bound to the chunk's own, so projected, schema. Each scan
 * binds anew, so scans run on any thread.
 */
final class ChunkScan implements AutoCloseable {
    static final String TIME_COLUMN = "timestamp_ns";

    private final RandomAccessSource source;
    private final ChunkReader reader;
    private final OntologyMatcher matcher;

    private ChunkScan(RandomAccessSource source, ChunkReader reader, OntologyMatcher matcher) {
        this.source = source;
        this.reader = reader;
        this.matcher = matcher;
    }

    /** @throws io.mosaicod.core.search.BadFilterException when a condition does not fit the chunk's columns */
    static ChunkScan open(ObjectStore store, String objectKey, List<OntologyCondition> conditions,
                          BufferAllocator allocator, int maxPlainListEqValues) throws IOException {
        RandomAccessSource source = store.openSource(objectKey);
        ChunkReader reader = null;
        try {
            ChunkFooter footer = ChunkFooter.read(source);
            Set<String> present = new HashSet<>();
            footer.schema().getFields().forEach(f -> present.add(f.getName()));
            List<List<String>> paths = new ArrayList<>();
            if (present.contains(TIME_COLUMN)) {
                paths.add(List.of(TIME_COLUMN));
            }
            for (OntologyCondition c : conditions) {
                if (present.contains(c.path().fields().get(0))) {
                    paths.add(c.path().fields()); // of a struct, only the named fields are decoded
                }
            }
            reader = ChunkReader.open(source, footer, allocator, ChunkReadOptions.all().withColumnPaths(paths));
            return new ChunkScan(source, reader, OntologyMatcher.bind(reader.schema(), conditions,
                    maxPlainListEqValues));
        } catch (IOException | RuntimeException | Error e) {
            try (source) {
                if (reader != null) {
                    reader.close();
                }
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Loads the next batch; false after the last. */
    boolean nextBatch() throws IOException {
        return reader.loadNextBatch();
    }

    VectorSchemaRoot batch() {
        return reader.root();
    }

    OntologyMatcher matcher() {
        return matcher;
    }

    @Override
    public void close() throws IOException {
        try (source) {
            reader.close();
        }
    }
}
