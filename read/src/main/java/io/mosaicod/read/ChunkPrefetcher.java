package io.mosaicod.read;

import io.mosaicod.core.io.InMemorySource;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads whole chunks on background threads, in the order their reader will open them, while the reader
 * decodes the ones before. A reader of many small chunks otherwise waits on the store once per footer and
 * once per row group, on its own thread: with a cold page cache that was two thirds of an optimizer's pass
 * over 2,000 chunks, and on S3 every such read is a round trip.
 *
 * <p>Fetched chunks are held off the heap, in Arrow buffers released as soon as their reader closes them, so
 * the garbage collector never sees them. Memory is bounded: chunks are fetched only while the fetched but
 * unreleased bytes stay within the window (a chunk counts from its fetch until the source {@link #open}
 * returned is closed), and chunks larger than a quarter of the window are never fetched ahead. A chunk that is not fetched ahead — too large, out of
 * the expected order, or the window full — is simply read from the store as it would be without this class.
 */
public final class ChunkPrefetcher implements AutoCloseable {
    /** One chunk to fetch: its object key and the size the repository records for it. */
    public record Expected(String objectKey, long sizeBytes) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(ChunkPrefetcher.class);

    private final ObjectStore store;
    private final BufferAllocator allocator;
    private final long windowBytes;
    private final ExecutorService fetchers;
    private final Deque<Expected> toFetch = new ArrayDeque<>();
    private final Map<String, Fetch> fetched = new HashMap<>();
    private long heldBytes;
    private long misses;
    private boolean closed;

    /**
     * @param expected the chunks in the order they will be opened
     * @param windowBytes the most bytes of fetched chunks held at once
     * @param threads concurrent fetches (the store serves several reads at once faster than one after another)
     */
    public ChunkPrefetcher(ObjectStore store, BufferAllocator allocator, List<Expected> expected, long windowBytes,
                           int threads) {
        this.store = store;
        this.allocator = allocator;
        this.windowBytes = windowBytes;
        this.fetchers = BackgroundThreads.fixedPool("chunk-prefetch", threads);
        for (Expected chunk : expected) {
            if (fetchesAhead(chunk)) {
                toFetch.add(chunk);
            }
        }
        synchronized (this) {
            fetchMore();
        }
    }

    /** Whether {@code chunk} is fetched ahead (when its turn comes): no chunk larger than a quarter of the window. */
    public boolean fetchesAhead(Expected chunk) {
        return reservation(chunk) <= windowBytes / 4;
    }

    /**
     * A source for the chunk: its fetched bytes if it was fetched ahead (waiting for the fetch if it is under
     * way), else the store's own. A fetch's failure is thrown here, as the store's read would have thrown it.
     */
    public RandomAccessSource open(String objectKey) throws IOException {
        Fetch fetch;
        synchronized (this) {
            fetch = fetched.remove(objectKey);
            if (fetch == null) {
                misses++;
                skipNotFetched(objectKey);
            }
        }
        if (fetch == null) {
            return store.openSource(objectKey);
        }
        long reserved = reservation(fetch.chunk());
        ArrowBuf bytes;
        try {
            bytes = await(fetch.bytes(), objectKey);
        } catch (IOException | RuntimeException e) {
            // interrupted while the read goes on (a reader opening chunks ahead was stopped): free its bytes
            // when it ends, since this fetch is no longer among those close() frees
            fetch.bytes().thenAccept(ChunkPrefetcher::free);
            release(reserved);
            throw e;
        }
        if (bytes == null) { // not the size recorded: its reader refuses it, from the store as usual
            release(reserved);
            return store.openSource(objectKey);
        }
        return new InMemorySource(objectKey, bytes.nioBuffer(0, (int) bytes.writerIndex()), () -> {
            bytes.close();
            release(reserved);
        });
    }

    /** How many opened chunks were read from the store directly instead of from a fetch ahead. */
    public synchronized long misses() {
        return misses;
    }

    /**
     * Stops fetching and frees what was fetched and not opened; sources already opened stay readable until
     * they are closed, which must happen before the allocator given to the constructor is closed.
     */
    @Override
    public void close() {
        List<Fetch> unopened;
        synchronized (this) {
            closed = true;
            toFetch.clear();
            unopened = List.copyOf(fetched.values());
            fetched.clear();
        }
        // interrupts fetches under way and waits for them, even if this thread is interrupted: a fetch never
        // outlives close(), since the caller frees what fetches use next
        if (!BackgroundThreads.stopAndAwait(fetchers, Duration.ofMinutes(1))) {
            LOG.warn("chunk reads ahead did not stop within a minute of being cancelled");
        }
        for (Fetch fetch : unopened) {
            fetch.bytes().thenAccept(ChunkPrefetcher::free);
        }
    }

    /** A chunk opened out of the expected order is not fetched later (its bytes would never be claimed). */
    private void skipNotFetched(String objectKey) {
        toFetch.removeIf(chunk -> chunk.objectKey().equals(objectKey));
    }

    private void fetchMore() {
        while (!closed && !toFetch.isEmpty() && heldBytes + reservation(toFetch.peekFirst()) <= windowBytes) {
            Expected chunk = toFetch.pollFirst();
            heldBytes += reservation(chunk);
            CompletableFuture<ArrowBuf> bytes = CompletableFuture.supplyAsync(() -> fetch(chunk), fetchers);
            fetched.put(chunk.objectKey(), new Fetch(chunk, bytes));
        }
    }

    /**
     * The whole object in one read, which a disk serves sequentially and S3 as one request; null if the object
     * is not the size the repository records (it is not read ahead then, whatever its size).
     */
    private ArrowBuf fetch(Expected chunk) {
        try (RandomAccessSource source = store.openSource(chunk.objectKey())) {
            long size = source.size();
            if (size != chunk.sizeBytes()) {
                return null;
            }
            ArrowBuf bytes = allocator.buffer(size);
            try {
                source.readFully(0, bytes.nioBuffer(0, (int) size));
                bytes.writerIndex(size); // the allocator rounds capacities up
                return bytes;
            } catch (IOException | RuntimeException e) {
                bytes.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void free(ArrowBuf bytes) {
        if (bytes != null) {
            bytes.close();
        }
    }

    private synchronized void release(long bytes) {
        heldBytes -= bytes;
        fetchMore();
    }

    private static ArrowBuf await(CompletableFuture<ArrowBuf> fetch, String objectKey) throws IOException {
        try {
            return fetch.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + objectKey);
        } catch (CancellationException e) {
            throw new IOException("the read of " + objectKey + " was cancelled");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw new IOException("reading " + objectKey + " failed: " + e.getCause(), e.getCause());
        }
    }

    /**
     * What a chunk takes of the window: its recorded size (its reader refuses an object of any other) as the
     * allocator rounds it.
     */
    private long reservation(Expected chunk) {
        return allocator.getRoundingPolicy().getRoundedSize(chunk.sizeBytes());
    }

    /** A fetch under way or done. */
    private record Fetch(Expected chunk, CompletableFuture<ArrowBuf> bytes) {
    }
}
