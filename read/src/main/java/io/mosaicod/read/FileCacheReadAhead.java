package io.mosaicod.read;

import io.mosaicod.store.ObjectStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings chunks into the machine's file cache ({@link ObjectStore#readAhead}) one after another on a thread
 * of its own, at most {@code distanceBytes} past the chunk its reader {@linkplain #reached reached} last.
 * For a reader the disk bounds — row groups copied without decoding — which otherwise reads a chunk only when
 * the window of fetched chunks has room, so its reads and its writes take turns on the disk in small requests;
 * read ahead this way, the disk reads long sequential stretches and the writes follow (docs/benchmarks.md).
 * Likewise for a topic read's chunks too large to fetch into memory ahead (an optimized topic's), which its
 * decoder would otherwise read a row group at a time, waiting for each.
 * Costs no memory of the process (the cache is the kernel's, reclaimed under pressure) and no copy; only a
 * hint: a chunk it cannot read ahead is read as usual, with its failure reported there.
 */
public final class FileCacheReadAhead implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FileCacheReadAhead.class);

    private final ObjectStore store;
    private final List<ChunkPrefetcher.Expected> chunks;
    private final Map<String, Long> endOffsets = new HashMap<>();
    private final long distanceBytes;
    private final ExecutorService thread;
    private final Future<?> work;
    private long reachedBytes;
    private boolean closed;

    /**
     * @param chunks the chunks in the order their reader reaches them
     * @param distanceBytes how far past the chunk reached last to read ahead
     */
    public FileCacheReadAhead(ObjectStore store, List<ChunkPrefetcher.Expected> chunks, long distanceBytes) {
        this.store = store;
        this.chunks = new ArrayList<>(chunks);
        this.distanceBytes = distanceBytes;
        long end = 0;
        for (ChunkPrefetcher.Expected chunk : chunks) {
            end += chunk.sizeBytes();
            endOffsets.put(chunk.objectKey(), end);
        }
        this.thread = BackgroundThreads.fixedPool("chunk-read-ahead", 1);
        this.work = thread.submit(this::readAhead);
    }

    /** The reader has reached {@code objectKey}: reading ahead may go on to {@code distanceBytes} past its end. */
    public synchronized void reached(String objectKey) {
        Long end = endOffsets.get(objectKey);
        if (end != null && end > reachedBytes) {
            reachedBytes = end;
            notifyAll();
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        work.cancel(true);
        thread.shutdownNow();
    }

    private void readAhead() {
        long start = 0;
        for (ChunkPrefetcher.Expected chunk : chunks) {
            long end = start + chunk.sizeBytes();
            if (!awaitRoomFor(start)) {
                return;
            }
            if (notReachedBefore(end)) { // else the reader is there already: too late to help
                try {
                    store.readAhead(chunk.objectKey());
                } catch (IOException e) {
                    LOG.debug("could not read {} ahead: {}", chunk.objectKey(), e.getMessage());
                }
            }
            start = end;
        }
    }

    /** Waits until a chunk beginning at {@code start} is within the distance; false once closed. */
    private synchronized boolean awaitRoomFor(long start) {
        try {
            while (!closed && start - reachedBytes >= distanceBytes) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !closed;
    }

    private synchronized boolean notReachedBefore(long end) {
        return end > reachedBytes;
    }
}
