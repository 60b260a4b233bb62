package io.mosaicod.tasks.optimizer;

import io.mosaicod.read.BackgroundThreads;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Hands what is written to a thread of its own that writes it to the target stream, so the rewrite encodes
 * the next rows while the store takes the last ones: writing a new chunk into the page cache (or a network
 * upload) otherwise stalls the merge for a third of a rewrite. At most {@code buffers} buffers of
 * {@code bufferBytes} are in flight; a writer that falls behind makes {@link #write} wait.
 *
 * <p>A failure of the target is thrown by the next {@code write}, {@link #drain} or {@link #close}.
 * {@link #drain} returns once everything written has reached the target; only then may the target be
 * committed. {@link #abandon} stops the thread without writing what is still queued.
 */
final class WriteBehindStream extends OutputStream {
    private static final byte[] END = new byte[0];

    private final OutputStream target;
    private final BlockingQueue<byte[]> free;
    private final BlockingQueue<Filled> filled;
    private final Thread writer;
    private byte[] current;
    private int used;
    private volatile IOException failure;
    private boolean ended;
    private volatile boolean abandoned;

    private record Filled(byte[] bytes, int length) {
    }

    /**
     * @param buffers the buffers it may fill, {@link #buffers made} once for every stream a writer opens in
     *                turn: they are free again once {@link #drain} has returned (not after a failure)
     */
    WriteBehindStream(OutputStream target, String name, List<byte[]> buffers) {
        this.target = target;
        this.free = new ArrayBlockingQueue<>(buffers.size(), false, buffers);
        this.filled = new ArrayBlockingQueue<>(buffers.size() + 1); // + the end marker
        this.writer = new Thread(this::writeAll, "write-behind " + name);
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * {@code count} buffers of {@code bytes}: allocated once per writer, since a new chunk's stream would
     * otherwise leave its buffers, humongous to G1, to the garbage collector
     * (docs/bench-results/2026-12-07-history-optimizer.md, "Where the time went").
     */
    static List<byte[]> buffers(int bytes, int count) {
        List<byte[]> buffers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            buffers.add(new byte[bytes]);
        }
        return List.copyOf(buffers);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        rethrow();
        while (length > 0) {
            if (current == null) {
                current = take(free);
                used = 0;
            }
            int n = Math.min(length, current.length - used);
            System.arraycopy(bytes, offset, current, used, n);
            used += n;
            offset += n;
            length -= n;
            if (used == current.length) {
                handOver();
            }
        }
    }

    /** Waits until every byte written so far is in the target (and the target flushed), or throws its failure. */
    void drain() throws IOException {
        if (!ended) {
            if (current != null && used > 0) {
                handOver();
            }
            ended = true;
            put(new Filled(END, 0));
        }
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        }
        rethrow();
    }

    /** Drains; the target is left open (its owner commits or aborts it). */
    @Override
    public void close() throws IOException {
        drain();
    }

    /**
     * Stops without writing what is queued, for a chunk that is being thrown away, and returns once the thread
     * has left the target, even if the caller is interrupted: the target's owner then aborts it.
     */
    void abandon() {
        ended = true;
        abandoned = true;
        BackgroundThreads.stopAndAwait(writer);
    }

    private void writeAll() {
        try {
            // the flag, not only the interrupt: a target may swallow the interrupt while it writes
            while (!abandoned) {
                Filled next = filled.take();
                if (next.bytes() == END) {
                    target.flush();
                    return;
                }
                target.write(next.bytes(), 0, next.length());
                free.put(next.bytes());
            }
            failure = new InterruptedIOException("writing was abandoned");
        } catch (IOException e) {
            failure = e;
            free.clear();
            free.offer(new byte[0]); // wakes a writer waiting for a buffer; it then sees the failure
        } catch (InterruptedException e) {
            failure = new InterruptedIOException("writing was abandoned");
        }
    }

    private void handOver() {
        put(new Filled(current, used));
        current = null;
    }

    private byte[] take(BlockingQueue<byte[]> queue) throws IOException {
        try {
            byte[] buffer = queue.take();
            rethrow();
            return buffer;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing");
        }
    }

    /** Never waits: there are only as many filled buffers as buffers, plus the end marker. */
    private void put(Filled buffer) {
        filled.add(buffer);
    }

    private void rethrow() throws IOException {
        IOException e = failure;
        if (e != null) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
