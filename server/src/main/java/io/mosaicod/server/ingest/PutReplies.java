package io.mosaicod.server.ingest;

import com.google.protobuf.ByteString;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import org.apache.arrow.flight.impl.Flight;

/**
 * The reply side of one DoPut, written from the stream's thread and from the threads that store its chunks:
 * gRPC's observer takes one call at a time, and nothing after the stream's end.
 */
final class PutReplies {
    private final ServerCallStreamObserver<Flight.PutResult> observer;
    private boolean ended;

    PutReplies(ServerCallStreamObserver<Flight.PutResult> observer) {
        this.observer = observer;
    }

    /** Tells the client that the batch that carried {@code appMetadata} is stored. */
    synchronized void acknowledge(byte[] appMetadata) {
        if (!ended) {
            observer.onNext(Flight.PutResult.newBuilder().setAppMetadata(ByteString.copyFrom(appMetadata)).build());
        }
    }

    synchronized void complete() {
        if (!ended) {
            ended = true;
            observer.onCompleted();
        }
    }

    synchronized void fail(StatusRuntimeException status) {
        if (!ended) {
            ended = true;
            observer.onError(status);
        }
    }

    /** Asks gRPC for the stream's next message (thread-safe in gRPC). */
    void requestNext() {
        observer.request(1);
    }
}
