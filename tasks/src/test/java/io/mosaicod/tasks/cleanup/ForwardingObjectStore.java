package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.store.ListEntry;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import java.io.IOException;
import java.util.stream.Stream;

/**
 * A real store whose calls a test may intercept (override a method, call {@code super}) to inject what a real
 * store cannot be made to do on cue: fail on one folder, or let the test act at an exact moment of a pass.
 */
class ForwardingObjectStore implements ObjectStore {
    private final ObjectStore store;

    ForwardingObjectStore(ObjectStore store) {
        this.store = store;
    }

    @Override
    public void put(String key, byte[] bytes) throws IOException {
        store.put(key, bytes);
    }

    @Override
    public ObjectWriter newWriter(String key) throws IOException {
        return store.newWriter(key);
    }

    @Override
    public byte[] get(String key) throws IOException {
        return store.get(key);
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        return store.openSource(key);
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        return store.head(key);
    }

    @Override
    public Stream<ObjectInfo> list(String prefix) throws IOException {
        return store.list(prefix);
    }

    @Override
    public Stream<ListEntry> listDelimited(String prefix) throws IOException {
        return store.listDelimited(prefix);
    }

    @Override
    public void delete(String key) throws IOException {
        store.delete(key);
    }

    @Override
    public long deleteFolder(String folder) throws IOException {
        return store.deleteFolder(folder);
    }

    @Override
    public void copy(String sourceKey, String targetKey) throws IOException {
        store.copy(sourceKey, targetKey);
    }

    @Override
    public void close() throws IOException {
        store.close();
    }
}
