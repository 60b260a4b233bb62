package io.mosaicod.server.read;

import io.grpc.stub.ServerCallStreamObserver;
import java.io.InputStream;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.grpc.StatusUtils;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.IpcOption;

/**
 * Flight's view of a DoGet call ({@link FlightProducer.ServerStreamListener}), on the server's own DoGet method:
 * the topic streamer talks to it as to Flight's, and each batch goes out as a {@link FlightDataEncoder} message.
 * Only what DoGet sends is supported: a schema without dictionaries, then batches without metadata.
 */
final class DoGetListener implements FlightProducer.ServerStreamListener {
    private final ServerCallStreamObserver<InputStream> call;
    private VectorSchemaRoot root;
    private boolean ended;

    DoGetListener(ServerCallStreamObserver<InputStream> call) {
        this.call = call;
    }

    @Override
    public boolean isCancelled() {
        return call.isCancelled();
    }

    @Override
    public void setOnCancelHandler(Runnable handler) {
        call.setOnCancelHandler(handler);
    }

    @Override
    public boolean isReady() {
        return call.isReady();
    }

    @Override
    public void setOnReadyHandler(Runnable handler) {
        call.setOnReadyHandler(handler);
    }

    @Override
    public void start(VectorSchemaRoot root, DictionaryProvider dictionaries, IpcOption option) {
        if (root.getSchema().getFields().stream().anyMatch(field -> field.getDictionary() != null)) {
            throw new IllegalArgumentException("DoGet sends no dictionary batches: " + root.getSchema());
        }
        this.root = root;
        send(FlightDataEncoder.schema(root.getSchema()));
    }

    @Override
    public void putNext() {
        send(FlightDataEncoder.batch(root));
    }

    /**
     * gRPC closes a message it takes once it has it (a reference of its own if it sends it without a copy); one
     * it drops, on a call cancelled meanwhile, it never closes: the message is closed here either way.
     */
    private void send(FlightDataEncoder.MessageStream message) {
        try (message) {
            call.onNext(message);
        }
    }

    @Override
    public void putNext(ArrowBuf metadata) {
        throw new UnsupportedOperationException("DoGet sends no application metadata");
    }

    @Override
    public void putMetadata(ArrowBuf metadata) {
        throw new UnsupportedOperationException("DoGet sends no application metadata");
    }

    /** Ends the call with {@code error}'s status; nothing if the call has ended already. */
    @Override
    public void error(Throwable error) {
        if (!ended) {
            ended = true;
            call.onError(StatusUtils.toGrpcException(error));
        }
    }

    @Override
    public void completed() {
        if (!ended) {
            ended = true;
            call.onCompleted();
        }
    }
}
