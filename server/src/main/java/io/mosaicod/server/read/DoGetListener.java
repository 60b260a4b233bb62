package io.mosaicod.server.read;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import java.io.InputStream;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.FlightRuntimeException;
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
        call.onNext(FlightDataEncoder.schema(root.getSchema()));
    }

    @Override
    public void putNext() {
        call.onNext(FlightDataEncoder.batch(root));
    }

    @Override
    public void putNext(ArrowBuf metadata) {
        throw new UnsupportedOperationException("DoGet sends no application metadata");
    }

    @Override
    public void putMetadata(ArrowBuf metadata) {
        throw new UnsupportedOperationException("DoGet sends no application metadata");
    }

    @Override
    public void error(Throwable error) {
        call.onError(error instanceof StatusRuntimeException ? error
                : error instanceof FlightRuntimeException ? StatusUtils.toGrpcException(error)
                : Status.INTERNAL.withCause(error).asRuntimeException());
    }

    @Override
    public void completed() {
        call.onCompleted();
    }
}
