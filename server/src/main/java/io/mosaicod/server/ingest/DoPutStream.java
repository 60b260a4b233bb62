package io.mosaicod.server.ingest;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.protocol.ProtocolException;
import org.apache.arrow.flight.impl.Flight;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One DoPut call. gRPC hands it one message at a time and asks for the next only after {@link #onNext}
 * returns, so each stream holds at most one message in memory while its chunk is written. The reply is an
 * empty PutResult stream: OK once the client ended the stream normally, otherwise the error status.
 */
final class DoPutStream implements StreamObserver<FlightDataMessage> {
    private static final Logger LOG = LoggerFactory.getLogger(DoPutStream.class);

    private final TopicUploads uploads;
    private final StreamObserver<Flight.PutResult> replies;
    private TopicUpload upload;
    private boolean done;

    DoPutStream(TopicUploads uploads, StreamObserver<Flight.PutResult> replies) {
        this.uploads = uploads;
        this.replies = replies;
    }

    @Override
    public void onNext(FlightDataMessage message) {
        try (message) {
            if (done) {
                return; // the call already failed; gRPC may still deliver what was in flight
            }
            message.requireReadable();
            if (upload == null) {
                upload = uploads.begin(message);
            } else if (message.isRecordBatch()) {
                upload.write(message);
            } else {
                throw new ProtocolException(ErrorCode.ABORTED, "Unsupported stream message: a DoPut of topic `"
                        + upload.locator() + "` received " + message.describe()
                        + " after its schema; only record batches may follow.");
            }
        } catch (Throwable e) {
            fail(e);
        }
    }

    @Override
    public void onError(Throwable cause) {
        // the client cancelled or the transport broke: nobody is left to answer
        if (!done) {
            done = true;
            if (upload != null) {
                upload.abort("the client stream failed: " + cause.getMessage(), false);
            }
            LOG.debug("DoPut stream ended by the client", cause);
        }
    }

    @Override
    public void onCompleted() {
        if (done) {
            return;
        }
        try {
            if (upload == null) {
                throw ProtocolException.badRequest("missing descriptor and schema: the DoPut stream was empty");
            }
            upload.complete();
            done = true;
            replies.onCompleted();
        } catch (Throwable e) {
            fail(e);
        }
    }

    private void fail(Throwable error) {
        done = true;
        var status = ErrorStatus.asException(error);
        if (upload != null) {
            upload.abort(status.getStatus().getDescription(), status.getStatus().getCode() == Status.Code.UNAVAILABLE);
        }
        replies.onError(status);
    }
}
