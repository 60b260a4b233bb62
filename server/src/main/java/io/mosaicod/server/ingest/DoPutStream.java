package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import io.grpc.stub.StreamObserver;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.protocol.ProtocolException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DoPut call. The stream asks gRPC for one message at a time, and only while fewer than
 * {@value #WINDOW_BATCHES} of its batches wait to be acknowledged and with a reservation of the
 * {@link ReceiveBudget} for it, so that what one upload and all uploads have received and not stored stays
 * bounded while no thread ever waits: a stream that may not ask simply asks for nothing, and gRPC's flow control
 * holds its client. The reply is a PutResult per acknowledged batch (see {@link TopicUpload}), then OK once the client
 * ended the stream normally and every chunk is recorded; otherwise the error status.
 */
final class DoPutStream implements StreamObserver<FlightDataMessage>, ReceiveBudget.Waiter {
    private static final Logger LOG = LoggerFactory.getLogger(DoPutStream.class);
    /** The smallest reservation: a schema message, or a batch of a few rows. */
    private static final long MIN_RESERVATION_BYTES = 64 << 10;
    /**
     * Batches of one upload on their way to the repository at most: enough to keep the chunk writers and the group
     * commit busy for one fast client, few enough that an acknowledgement follows its batch closely and that one
     * upload of large batches does not take the whole receive budget.
     */
    static final int WINDOW_BATCHES = 4;

    private final TopicUploads uploads;
    private final PutReplies replies;
    private final ReceiveBudget budget;
    private final MessageStarts starts;
    /** Messages handed to {@link #onNext}: fewer than started while one is arriving. */
    private volatile long delivered;
    /** What the next message is expected to weigh: the last batch's size, at first the message limit. */
    private volatile long expectedBytes;
    private TopicUpload upload;
    private volatile boolean done;
    private volatile boolean callClosed;
    /** Whether the next message was asked for (or its reservation is pending) and has not arrived; guarded by this. */
    private boolean asked;
    /** Whether the stream stopped asking because its window is full; guarded by this. */
    private boolean windowFull;

    DoPutStream(TopicUploads uploads, PutReplies replies, ReceiveBudget budget, MessageStarts starts,
                long firstBatchBytes) {
        this.uploads = uploads;
        this.replies = replies;
        this.budget = budget;
        this.starts = starts;
        this.expectedBytes = MIN_RESERVATION_BYTES; // the first message is the schema
        askForNext();
        this.expectedBytes = Math.max(MIN_RESERVATION_BYTES, firstBatchBytes); // asked for once the schema is in
    }

    @Override
    public void onNext(FlightDataMessage message) {
        delivered++; // gRPC calls the observer one event at a time
        long received = message.bodyBytes();
        budget.arrived(this, received);
        try (message) {
            if (done) {
                budget.release(received);
                return; // the call already failed; gRPC may still deliver what was in flight
            }
            if (upload != null && message.isRecordBatch()) {
                message.requireReadable();
                expectedBytes = Math.max(MIN_RESERVATION_BYTES, received);
                upload.write(message, received); // the upload returns the bytes once it is done with them
            } else {
                budget.release(received);
                message.requireReadable();
                if (upload == null) {
                    upload = uploads.begin(message, replies, this::windowOpened);
                } else {
                    throw new ProtocolException(ErrorCode.ABORTED, "Unsupported stream message: a DoPut of topic `"
                            + ClientText.quote(upload.locator()) + "` received " + message.describe()
                            + " after its schema; only record batches may follow.");
                }
            }
            synchronized (this) {
                asked = false; // only now: until the message is the upload's, nobody asks for the next one
            }
            askForNext();
        } catch (Throwable e) {
            fail(e);
        }
    }

    private void askForNext() {
        synchronized (this) {
            if (asked) {
                return; // one message asked for at a time
            }
            // under the stream's lock, so that an acknowledgement after the check finds windowFull set
            if (upload != null && upload.unacknowledged() >= WINDOW_BATCHES) {
                windowFull = true;
                return;
            }
            asked = true;
        }
        boolean reserved = budget.reserve(expectedBytes, this);
        if (done || callClosed) { // ended while reserving: its own cancel may have come before this reservation
            budget.cancel(this);
        } else if (reserved) {
            granted();
        }
    }

    /** Batches were acknowledged: a stream that stopped asking for a full window asks again. */
    private void windowOpened() {
        synchronized (this) {
            if (!windowFull) {
                return;
            }
            windowFull = false;
        }
        if (!done && !callClosed) {
            askForNext();
        }
    }

    @Override
    public void granted() {
        if (!done && !callClosed) {
            replies.requestNext();
        }
    }

    @Override
    public boolean receiving() {
        return starts.started() > delivered;
    }

    @Override
    public void onError(Throwable cause) {
        // the client cancelled or the transport broke: nobody is left to answer
        if (finish()) {
            if (upload != null) {
                upload.cancelled(cause.getMessage());
            }
            LOG.debug("DoPut stream ended by the client", cause);
        }
    }

    @Override
    public void onCompleted() {
        if (done) {
            return;
        }
        if (upload == null) {
            fail(ProtocolException.badRequest("missing descriptor and schema: the DoPut stream was empty"));
            return;
        }
        finish();
        upload.endOfStream();
    }

    private void fail(Throwable error) {
        if (!finish()) {
            return;
        }
        if (upload != null) {
            upload.refuse(error);
        } else {
            replies.fail(ErrorStatus.asException(error));
        }
    }

    /**
     * The call ended, from either side: the stream takes nothing more from the budget. (The stream's own end, if
     * it has not come yet, follows as {@link #onError}.)
     */
    void closed() {
        callClosed = true;
        budget.cancel(this);
    }

    /**
     * Marks the stream done and gives back its reservation; the upload, if any, lives on until its chunks are
     * recorded. On the stream's thread, as gRPC calls the observer one event at a time.
     *
     * @return false if it was done already
     */
    private boolean finish() {
        if (done) {
            return false;
        }
        done = true;
        budget.cancel(this);
        return true;
    }
}
