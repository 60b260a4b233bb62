package io.mosaicod.server.read;

import io.mosaicod.format.WriterProfile;
import io.mosaicod.read.batch.BatchAppender;
import io.mosaicod.read.batch.Batches;
import io.mosaicod.read.TopicReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Sends a DoGet's batches as its client's flow control allows, and remembers where the stream stands, so that
 * a stream whose client stops reading can let go of everything it holds and pick up where it left off.
 *
 * <p>A client that reads nothing for {@link #PARK_AFTER_NANOS} gets its stream <em>parked</em>: {@link #send}
 * throws {@link Reason#PARKED}, which ends the topic read (its decoded batches and read-ahead are freed), and the
 * stream waits for its client without holding any of it. When the client reads again, the read restarts at the
 * last timestamp sent, skipping the rows of that timestamp already sent: ties keep their order from one read
 * to the next, so the client sees every row once. A client that reads nothing for the stall timeout has its
 * stream cancelled ({@link Reason#STALLED}), as has the client parked longest when more park than the
 * {@link ParkingLot} holds ({@link Reason#EVICTED}). Streams that cannot be found again by time (the last row sent has no
 * timestamp, or rows without one would be lost by a bounded read) are not parked.
 */
final class StreamSender {
    /** How long a client may keep a stream from sending before the stream lets go of what it holds. */
    static final long PARK_AFTER_NANOS = 1_000_000_000L;
    /** How long to wait for a flow-control signal before looking at the transport again. */
    private static final long READY_POLL_MILLIS = 200;
    private static final String TIMESTAMP = WriterProfile.TIMESTAMP_COLUMN;

    private final VectorSchemaRoot out;
    private final ServerStreamListener listener;
    private final BackpressureStrategy backpressure;
    private final long stallTimeoutNanos;
    private final TopicReader.Range range;
    private final BooleanSupplier mayHoldNullTimestamps;
    private long rowsSent;
    /** Timestamp of the last row sent, and how many rows with it were sent; null once a null one was sent. */
    private Long lastTimestamp;
    private long rowsAtLastTimestamp;
    private boolean nullTimestampSent;
    /** Rows at {@link #lastTimestamp} still to skip after a resumption. */
    private long rowsToSkip;
    private long waitingSince;
    private Boolean resumable;
    private final ParkingLot parking;
    private final BufferAllocator copies;
    private volatile boolean evicted;

    /**
     * @param range                 the rows the client asked for
     * @param mayHoldNullTimestamps whether rows without a timestamp may be among them (asked once, if needed)
     * @param copies                where the part of a batch left to send after a resumption is copied to
     */
    StreamSender(VectorSchemaRoot out, ServerStreamListener listener, BackpressureStrategy backpressure,
                 long stallTimeoutNanos, TopicReader.Range range, BooleanSupplier mayHoldNullTimestamps,
                 ParkingLot parking, BufferAllocator copies) {
        this.parking = parking;
        this.copies = copies;
        this.out = out;
        this.listener = listener;
        this.backpressure = backpressure;
        this.stallTimeoutNanos = stallTimeoutNanos;
        this.range = range;
        this.mayHoldNullTimestamps = mayHoldNullTimestamps;
    }

    long rowsSent() {
        return rowsSent;
    }

    /** The rows still to read: all of them, or from the last timestamp sent on. */
    TopicReader.Range remainingRange() {
        return lastTimestamp == null ? range : new TopicReader.Range(lastTimestamp, range.endNs());
    }

    /**
     * Hands the batch's buffers to the stream's root instead of copying them: the reader reuses its batch
     * after this returns, and reallocates the vectors it gave away. gRPC may send them without copying them
     * either, after this returns: no batch that the reader fills later may share them.
     */
    void send(VectorSchemaRoot batch) throws IOException {
        awaitReady(true);
        int skipped = skipResent(batch);
        if (skipped == batch.getRowCount()) {
            return;
        }
        if (skipped == 0) {
            put(batch);
        } else { // a copy, not a slice: the buffers sent must be the stream's own (see put)
            try (VectorSchemaRoot rest = BatchAppender.copyOf(batch, skipped, batch.getRowCount() - skipped,
                    copies)) {
                put(rest);
            }
        }
    }

    /**
     * After {@link Reason#PARKED}: waits, holding nothing but what gRPC queued, until the client reads again; throws
     * {@link Reason#STALLED} at the stall timeout and {@link Reason#EVICTED} if more streams park than the lot holds.
     */
    void awaitResumption() throws IOException {
        parking.park(this);
        try {
            awaitReady(false);
        } finally {
            parking.leave(this);
        }
        // evicted as its client read again, it no longer holds a place in the lot: it goes on, and a later wait
        // for its client, as slow as any, must not end it for that eviction
        evicted = false;
        rowsToSkip = rowsAtLastTimestamp;
    }

    /**
     * Waits for one of the slots that bound how many streams read at once (each read holds its read-ahead
     * and decoded batches); a stream waiting for one holds nothing. Gives up if the client cancels.
     */
    void awaitReadSlot(Semaphore slots) throws IOException {
        try {
            while (!slots.tryAcquire(READY_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (listener.isCancelled()) {
                    throw new Interruption(Reason.CANCELLED);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to read");
        }
    }

    /**
     * Called by the parking lot: the stream ends with {@link Reason#EVICTED} at its next look at the client, unless
     * that look finds the client reading again.
     */
    void evict() {
        evicted = true;
    }

    private void put(VectorSchemaRoot batch) {
        Batches.move(batch, out);
        int rows = batch.getRowCount();
        out.setRowCount(rows);
        remember((BigIntVector) out.getVector(TIMESTAMP), rows);
        rowsSent += rows;
        listener.putNext();
    }

    /** Notes the last timestamp sent and how many rows with it were sent so far. */
    private void remember(BigIntVector timestamps, int rows) {
        int last = rows - 1;
        if (nullTimestampSent || timestamps.isNull(last)) {
            nullTimestampSent = true;
            return;
        }
        long value = timestamps.get(last);
        int first = last;
        while (first > 0 && !timestamps.isNull(first - 1) && timestamps.get(first - 1) == value) {
            first--;
        }
        boolean continuesRun = first == 0 && lastTimestamp != null && lastTimestamp == value;
        rowsAtLastTimestamp = (continuesRun ? rowsAtLastTimestamp : 0) + (rows - first);
        lastTimestamp = value;
    }

    /** How many leading rows of a resumed read's batch the client already has. */
    private int skipResent(VectorSchemaRoot batch) {
        if (rowsToSkip == 0) {
            return 0;
        }
        BigIntVector timestamps = (BigIntVector) batch.getVector(TIMESTAMP);
        int rows = batch.getRowCount();
        int skipped = 0;
        while (skipped < rows && rowsToSkip > 0 && !timestamps.isNull(skipped)
                && timestamps.get(skipped) == lastTimestamp) {
            skipped++;
            rowsToSkip--;
        }
        if (skipped < rows) {
            rowsToSkip = 0; // past the last timestamp sent
        }
        return skipped;
    }

    private void awaitReady(boolean mayPark) throws IOException {
        if (mayPark) {
            waitingSince = System.nanoTime();
        }
        while (true) {
            switch (backpressure.waitForListener(READY_POLL_MILLIS)) {
                case READY:
                    return;
                case CANCELLED:
                    throw new Interruption(Reason.CANCELLED);
                default:
                    if (listener.isCancelled()) {
                        throw new Interruption(Reason.CANCELLED);
                    }
                    if (evicted) {
                        throw new Interruption(Reason.EVICTED);
                    }
                    long waited = System.nanoTime() - waitingSince;
                    if (waited >= stallTimeoutNanos) {
                        throw new Interruption(Reason.STALLED);
                    }
                    if (mayPark && waited >= PARK_AFTER_NANOS && resumable()) {
                        throw new Interruption(Reason.PARKED);
                    }
            }
        }
    }

    private boolean resumable() {
        if (lastTimestamp == null || nullTimestampSent) {
            return false;
        }
        if (resumable == null) {
            // a read from the last timestamp on has a lower bound, and bounded reads leave null timestamps out
            resumable = range.startNs() != null || range.endNs() != null || !mayHoldNullTimestamps.getAsBoolean();
        }
        return resumable;
    }

    /** Why a stream stopped sending. */
    enum Reason {
        /** The client went away. */
        CANCELLED,
        /** The client read nothing for the stall timeout. */
        STALLED,
        /** The client stopped reading, and more clients did than the server keeps streams parked for. */
        EVICTED,
        /** The client stopped reading for a while: the stream lets go of the read until it reads again. */
        PARKED
    }

    /** A stream stopped sending, for {@link #reason()}: control flow, so without a stack trace. */
    static final class Interruption extends IOException {
        private static final long serialVersionUID = 1L;

        private final Reason reason;

        Interruption(Reason reason) {
            super(reason.name().toLowerCase(java.util.Locale.ROOT), null);
            this.reason = reason;
        }

        Reason reason() {
            return reason;
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
