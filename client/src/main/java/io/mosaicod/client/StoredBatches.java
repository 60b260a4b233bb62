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
    private long stored;
    private volatile boolean ended;
    private Throwable failure;

    /** @param onStored hears each batch number as the server confirms it, on a gRPC thread */
    StoredBatches(LongConsumer onStored) {
        this.onStored = onStored;
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
     * Whether the stream has ended (the server answered, failed or died). Arrow asks this in a loop while a
     * {@code putNext} waits for the stream to become ready (flow control): without it, a put blocked when the
     * server died spun on a core forever, since a dead stream never becomes ready again.
     */
    @Override
    public boolean isCancelled() {
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
