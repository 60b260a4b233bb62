package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.store.ListEntry;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** A real store that counts the calls made to it, by operation: what a cleanup pass asks of the store. */
final class CountingObjectStore extends ForwardingObjectStore {
    private final Map<String, Integer> calls = new ConcurrentHashMap<>();

    CountingObjectStore(ObjectStore store) {
        super(store);
    }

    /** Operation name ({@code get}, {@code listDelimited}, {@code deleteFolder}...) to the number of calls. */
    Map<String, Integer> calls() {
        return Map.copyOf(calls);
    }

    private void count(String operation) {
        calls.merge(operation, 1, Integer::sum);
    }

    @Override
    public void put(String key, byte[] bytes) throws IOException {
        count("put");
        super.put(key, bytes);
    }

    @Override
    public ObjectWriter newWriter(String key) throws IOException {
        count("newWriter");
        return super.newWriter(key);
    }

    @Override
    public byte[] get(String key) throws IOException {
        count("get");
        return super.get(key);
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        count("openSource");
        return super.openSource(key);
    }

    @Override
    public void readAhead(String key) throws IOException {
        count("readAhead");
        super.readAhead(key);
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        count("head");
        return super.head(key);
    }

    @Override
    public Stream<ObjectInfo> list(String prefix) throws IOException {
        count("list");
        return super.list(prefix);
    }

    @Override
    public Stream<ListEntry> listDelimited(String prefix) throws IOException {
        count("listDelimited");
        return super.listDelimited(prefix);
    }

    @Override
    public void delete(String key) throws IOException {
        count("delete");
        super.delete(key);
    }

    @Override
    public long deleteFolder(String folder) throws IOException {
        count("deleteFolder");
        return super.deleteFolder(folder);
    }

    @Override
    public void copy(String sourceKey, String targetKey) throws IOException {
        count("copy");
        super.copy(sourceKey, targetKey);
    }
}
