package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.core.metrics.BackendErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A store that reports each failed operation to {@link BackendErrors}, by operation, and otherwise is the store
 * it wraps. Failures of what an operation hands out — writing a new object, reading an opened one, the pages of
 * a listing — count too. A missing object is an answer ({@link ObjectNotFoundException}), not a failure.
 */
public final class MeteredObjectStore implements ObjectStore {
    /** The operations failures are reported under. */
    public static final List<String> OPERATIONS = List.of("put", "get", "head", "list", "delete", "copy");

    private final ObjectStore store;
    private final BackendErrors errors;

    private MeteredObjectStore(ObjectStore store, BackendErrors errors) {
        this.store = store;
        this.errors = errors;
    }

    /** {@code store} reporting to {@code errors}; {@code store} itself when nobody listens. */
    public static ObjectStore of(ObjectStore store, BackendErrors errors) {
        return errors == BackendErrors.NONE ? store : new MeteredObjectStore(store, errors);
    }

    @FunctionalInterface
    private interface Operation<T> {
        T run() throws IOException;
    }

    private <T> T counted(String operation, Operation<T> call) throws IOException {
        try {
            return call.run();
        } catch (ObjectNotFoundException e) {
            throw e;
        } catch (IOException | UncheckedIOException e) {
            errors.storeError(operation);
            throw e;
        }
    }

    @Override
    public void checkAccess() throws IOException {
        store.checkAccess(); // refuses the start: a configuration error, not a failure to count
    }

    @Override
    public void put(String key, byte[] bytes) throws IOException {
        counted("put", () -> {
            store.put(key, bytes);
            return null;
        });
    }

    @Override
    public ObjectWriter newWriter(String key) throws IOException {
        return new Writer(counted("put", () -> store.newWriter(key)));
    }

    @Override
    public byte[] get(String key) throws IOException {
        return counted("get", () -> store.get(key));
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        return new Source(counted("get", () -> store.openSource(key)));
    }

    @Override
    public void readAhead(String key) throws IOException {
        counted("get", () -> {
            store.readAhead(key);
            return null;
        });
    }

    @Override
    public boolean hasFileCache() {
        return store.hasFileCache();
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        return counted("head", () -> store.head(key));
    }

    @Override
    public boolean exists(String key) throws IOException {
        return counted("head", () -> store.exists(key));
    }

    @Override
    public Stream<ObjectInfo> list(String prefix) throws IOException {
        return pages(counted("list", () -> store.list(prefix)));
    }

    @Override
    public Stream<ListEntry> listDelimited(String prefix) throws IOException {
        return pages(counted("list", () -> store.listDelimited(prefix)));
    }

    @Override
    public void delete(String key) throws IOException {
        counted("delete", () -> {
            store.delete(key);
            return null;
        });
    }

    @Override
    public long deleteFolder(String folder) throws IOException {
        return counted("delete", () -> store.deleteFolder(folder));
    }

    @Override
    public void copy(String sourceKey, String targetKey) throws IOException {
        counted("copy", () -> {
            store.copy(sourceKey, targetKey);
            return null;
        });
    }

    @Override
    public void close() throws IOException {
        store.close();
    }

    /** A listing fetches its later pages while it is consumed: their failures arrive as unchecked ones. */
    private <T> Stream<T> pages(Stream<T> listing) {
        Spliterator<T> entries = listing.spliterator();
        Spliterator<T> counted = new Spliterator<>() {
            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                try {
                    return entries.tryAdvance(action);
                } catch (UncheckedIOException e) {
                    errors.storeError("list");
                    throw e;
                }
            }

            @Override
            public Spliterator<T> trySplit() {
                return null;
            }

            @Override
            public long estimateSize() {
                return entries.estimateSize();
            }

            @Override
            public int characteristics() {
                return entries.characteristics() & ~Spliterator.SUBSIZED;
            }
        };
        return StreamSupport.stream(counted, false).onClose(listing::close);
    }

    /** The wrapped store's writer, through its public side, so that its own states stay as they are. */
    private final class Writer extends ObjectWriter {
        private final ObjectWriter writer;

        Writer(ObjectWriter writer) {
            super(writer.key());
            this.writer = writer;
        }

        @Override
        protected void append(byte[] bytes, int offset, int length) throws IOException {
            counted("put", () -> {
                writer.stream().write(bytes, offset, length);
                return null;
            });
        }

        @Override
        protected void writeOut() throws IOException {
            writer.endContent();
        }

        @Override
        protected void publish() throws IOException {
            counted("put", () -> {
                writer.commit();
                return null;
            });
        }

        @Override
        protected void discard() throws IOException {
            writer.close();
        }
    }

    private final class Source implements RandomAccessSource {
        private final RandomAccessSource source;

        Source(RandomAccessSource source) {
            this.source = source;
        }

        @Override
        public String name() {
            return source.name();
        }

        @Override
        public long size() throws IOException {
            return counted("get", source::size);
        }

        @Override
        public long joinGapBytes() {
            return source.joinGapBytes();
        }

        @Override
        public void readFully(long position, ByteBuffer dst) throws IOException {
            counted("get", () -> {
                source.readFully(position, dst);
                return null;
            });
        }

        @Override
        public void close() throws IOException {
            source.close();
        }
    }
}
