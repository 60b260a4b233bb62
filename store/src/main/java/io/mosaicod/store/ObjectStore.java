package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;

import java.io.Closeable;
import java.io.IOException;
import java.util.stream.Stream;

/**
 * A flat key → bytes store (DESIGN.md §5): a local directory or an S3 bucket. Keys are {@code /}-separated
 * (see {@link ObjectKeys} for the rules). No partially written object is ever visible under its final
 * key: objects appear whole on {@link #put} or {@link ObjectWriter#commit()}, replacing any previous object
 * under the same key.
 *
 * <p>Every failure is an {@link IOException} naming the key; a missing key is an
 * {@link ObjectNotFoundException}. Listing streams are lazy and report failures met while iterating as
 * {@link java.io.UncheckedIOException}. Implementations are safe for concurrent use.
 */
public interface ObjectStore extends Closeable {

    /**
     * Fails with a {@link StoreAccessException} when the store cannot be used at all (a bucket that does not
     * exist, refused credentials, an endpoint that does not answer), so a process can refuse to start instead of
     * failing every request. A store that has nothing to check does nothing.
     */
    default void checkAccess() throws IOException {
    }

    /** Stores {@code bytes} under {@code key}. */
    void put(String key, byte[] bytes) throws IOException;

    /** Starts writing {@code key}; see {@link ObjectWriter} for commit and abort. */
    ObjectWriter newWriter(String key) throws IOException;

    /** The whole object. */
    byte[] get(String key) throws IOException;

    /** Positioned reads of one object, for readers (Parquet) that jump around. */
    RandomAccessSource openSource(String key) throws IOException;

    /**
     * Brings the object into the machine's file cache so that reads of it soon after are served from memory;
     * returns when it is there. A store without such a cache (S3) does nothing.
     */
    default void readAhead(String key) throws IOException {
    }

    /**
     * Whether objects are read through the machine's file cache ({@link #readAhead} brings them there), so that
     * an object read ahead is read from memory as cheaply as a copy held by the process.
     */
    default boolean hasFileCache() {
        return false;
    }

    /** Size and last modification time of one object. */
    ObjectInfo head(String key) throws IOException;

    /** Whether an object exists under exactly {@code key}. */
    default boolean exists(String key) throws IOException {
        try {
            head(key);
            return true;
        } catch (ObjectNotFoundException e) {
            return false;
        }
    }

    /**
     * Every object whose key starts with {@code prefix}, at any depth, in ascending key order ("" lists the
     * whole store). Pages through the backend transparently.
     */
    Stream<ObjectInfo> list(String prefix) throws IOException;

    /**
     * One level below {@code prefix}, with {@code /} as delimiter: the objects whose remaining key has no
     * {@code /}, and one {@link PrefixEntry} per common prefix (e.g. {@code listDelimited("")} yields the
     * top-level folders {@code sq_.../} and {@code tp_.../}). Ascending key order.
     */
    Stream<ListEntry> listDelimited(String prefix) throws IOException;

    /** Deletes one object; deleting a missing key is not an error (deletes are retried by cleanups). */
    void delete(String key) throws IOException;

    /**
     * Deletes every object under folder {@code folder} (keys starting with {@code folder + "/"}) and any
     * unfinished write there. Returns how many objects were deleted.
     */
    long deleteFolder(String folder) throws IOException;

    /** Copies one object byte for byte to {@code targetKey}, replacing what is there. */
    void copy(String sourceKey, String targetKey) throws IOException;
}
