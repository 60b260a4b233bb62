package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;

/**
 * An object store in memory, for tests of the code above the store: it passes the same contract as the
 * local and S3 stores ({@code InMemoryObjectStoreTest}), with the same key rules, listing order, exceptions
 * and all-or-nothing writes. Listings are snapshots taken when they are asked for.
 */
public final class InMemoryObjectStore implements ObjectStore {
    private static final String WHERE = "the in-memory store";

    private final ConcurrentSkipListMap<String, StoredObject> objects = new ConcurrentSkipListMap<>(ObjectKeys.ORDER);
    /** Writes begun and not yet committed or aborted, as a multipart upload is listed until it ends. */
    private final Set<Writer> unfinished = ConcurrentHashMap.newKeySet();

    private record StoredObject(byte[] bytes, Instant lastModified) {
    }

    @Override
    public void put(String key, byte[] bytes) {
        objects.put(ObjectKeys.requireValidKey(key), new StoredObject(bytes.clone(), Instant.now()));
    }

    @Override
    public ObjectWriter newWriter(String key) {
        Writer writer = new Writer(ObjectKeys.requireValidKey(key));
        unfinished.add(writer);
        return writer;
    }

    /** The keys of the writes in progress. */
    public List<String> unfinishedWrites() {
        return unfinished.stream().map(ObjectWriter::key).toList();
    }

    @Override
    public byte[] get(String key) throws IOException {
        return stored(key).bytes().clone();
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        byte[] bytes = stored(key).bytes();
        return new RandomAccessSource() {
            @Override
            public String name() {
                return key;
            }

            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public void readFully(long position, ByteBuffer dst) throws IOException {
                ReadRanges.check(key, position, dst.remaining(), bytes.length);
                dst.put(bytes, (int) position, dst.remaining());
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        return info(key, stored(key));
    }

    @Override
    public Stream<ObjectInfo> list(String prefix) {
        return under(ObjectKeys.requireValidPrefix(prefix)).stream().map(e -> info(e.getKey(), e.getValue()));
    }

    @Override
    public Stream<ListEntry> listDelimited(String prefix) {
        List<ListEntry> level = new ArrayList<>();
        for (Map.Entry<String, StoredObject> object : under(ObjectKeys.requireValidPrefix(prefix))) {
            String key = object.getKey();
            int slash = key.indexOf('/', prefix.length());
            if (slash < 0) {
                level.add(info(key, object.getValue()));
            } else if (level.isEmpty() || !level.get(level.size() - 1).key().equals(key.substring(0, slash + 1))) {
                // keys are in order, so the objects below one common prefix come one after another
                level.add(new PrefixEntry(key.substring(0, slash + 1)));
            }
        }
        return level.stream();
    }

    @Override
    public void delete(String key) {
        objects.remove(ObjectKeys.requireValidKey(key));
    }

    @Override
    public long deleteFolder(String folder) {
        String prefix = ObjectKeys.folderPrefix(folder);
        unfinished.removeIf(writer -> writer.key().startsWith(prefix));
        List<Map.Entry<String, StoredObject>> doomed = under(prefix);
        doomed.forEach(object -> objects.remove(object.getKey()));
        return doomed.size();
    }

    @Override
    public void copy(String sourceKey, String targetKey) throws IOException {
        put(targetKey, stored(sourceKey).bytes());
    }

    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return WHERE;
    }

    private StoredObject stored(String key) throws ObjectNotFoundException {
        StoredObject object = objects.get(ObjectKeys.requireValidKey(key));
        if (object == null) {
            throw new ObjectNotFoundException(key, WHERE, null);
        }
        return object;
    }

    /** The objects whose key starts with {@code prefix}, in key order: they follow each other from the prefix on. */
    private List<Map.Entry<String, StoredObject>> under(String prefix) {
        return objects.tailMap(prefix).entrySet().stream().takeWhile(e -> e.getKey().startsWith(prefix)).toList();
    }

    private static ObjectInfo info(String key, StoredObject object) {
        return new ObjectInfo(key, object.bytes().length, object.lastModified());
    }

    /** Buffers the object; it becomes visible at commit unless its folder was deleted meanwhile. */
    private final class Writer extends ObjectWriter {
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

        Writer(String key) {
            super(key);
        }

        @Override
        protected void append(byte[] bytes, int offset, int length) {
            buffer.write(bytes, offset, length);
        }

        @Override
        protected void publish() throws IOException {
            if (!unfinished.remove(this)) {
                throw new ObjectStoreException(key(), "write of '" + key() + "' was cancelled: its folder was deleted",
                        null);
            }
            put(key(), buffer.toByteArray());
        }

        @Override
        protected void discard() {
            unfinished.remove(this);
        }
    }
}
