package io.mosaicod.client;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.grpc.StatusUtils;
import org.apache.arrow.memory.ArrowBuf;

/**
 * The server's side of one DoPut: which batches it has confirmed stored, and how the stream ended. Each batch
 * the client sends carries its 0-based number as 8 bytes of application metadata; this server answers each with
 * a PutResult carrying the same bytes once the batch's chunk is durable in the store and recorded in the
 * repository, in batch order (docs/protocol.md, "Acknowledgements"). A server that does not acknowledge (upstream
 * mosaicod) sends none: then only {@link #awaitEnd()} tells that every batch was stored.
 */
final class StoredBatches implements FlightClient.PutListener {
    private final LongConsumer onStored;
    /** Longest pause in {@link #isCancelled}: bounds how late a stream the server resumed sends again. */
    private static final long MAX_PAUSE_NANOS = 2_000_000;
    private static final long FIRST_PAUSE_NANOS = 50_000;

    private long stored;
    /** Whether the server acknowledged a batch at all: only then does the client keep a window. */
    private boolean acknowledging;
    private boolean ended;
    private Throwable failure;
    private long pauseNanos = FIRST_PAUSE_NANOS;
    private long lastAskedNanos;

    /**
     * @param onStored     hears each batch number as the server confirms it, on a gRPC thread
     * @param acknowledges whether the server said it acknowledges batches: the window holds from the first batch,
     *                     not from the first acknowledgement (before it, the transport's buffers would take
     *                     a hundred small batches)
     */
    StoredBatches(LongConsumer onStored, boolean acknowledges) {
        this.onStored = onStored;
        this.acknowledging = acknowledges;
    }

    @Override
    public void onNext(PutResult result) {
        ArrowBuf metadata = result.getApplicationMetadata();
        if (metadata == null || metadata.readableBytes() != Long.BYTES) {
            return; // not an acknowledgement of ours
        }
        long batch = metadata.getLong(0);
        synchronized (this) {
            stored = Math.max(stored, batch + 1);
            acknowledging = true;
            notifyAll();
        }
        onStored.accept(batch);
    }

    @Override
    public synchronized void onError(Throwable t) {
        failure = StatusUtils.fromThrowable(t);
        ended = true;
        notifyAll();
    }

    @Override
    public synchronized void onCompleted() {
        ended = true;
        notifyAll();
    }

    /**
     * Arrow Flight's client asks this in a busy loop for as long as gRPC's flow control holds the stream, that is
     * while the server does not ask for the next batch (its memory for uploads is spent): pausing here, a little
     * longer each time, and woken early by an acknowledgement or the stream's end, turns that spinning into a
     * poll that leaves the cores to the server. True once the stream ended, so a refused upload stops sending.
     */
    @Override
    public synchronized boolean isCancelled() {
        long now = System.nanoTime();
        pauseNanos = now - lastAskedNanos > MAX_PAUSE_NANOS ? FIRST_PAUSE_NANOS
                : Math.min(MAX_PAUSE_NANOS, pauseNanos * 2);
        if (!ended) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, pauseNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }
        lastAskedNanos = System.nanoTime();
        return ended;
    }

    /** Waits for the end of the stream; throws the server's refusal, if any. */
    @Override
    public void getResult() {
        awaitEnd();
    }

    synchronized void awaitEnd() {
        boolean interrupted = false;
        while (!ended) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw failure instanceof RuntimeException runtime ? runtime : new RuntimeException(failure);
        }
    }

    /**
     * Waits while {@code window} or more of the {@code sent} batches are unacknowledged, if the server said or has
     * shown that it acknowledges (a server that never does, as upstream's, is never waited for), until the stream
     * ends.
     */
    synchronized void awaitWindow(long sent, int window) {
        boolean interrupted = false;
        while (acknowledging && !ended && sent - stored >= window) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized long stored() {
        return stored;
    }

    /**
     * Waits until the server confirmed at least {@code batches} batches, the stream ended, or the time ran out.
     *
     * @return the batches confirmed stored
     */
    synchronized long awaitStored(long batches, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (stored < batches && !ended) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return stored;
    }
}
