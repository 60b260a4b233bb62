package io.mosaicod.server.read;

import io.grpc.stub.ServerCallStreamObserver;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** gRPC's observer of a DoGet call as far as {@link DoGetListener} uses it: it drains each message it takes. */
final class CallObserver extends ServerCallStreamObserver<InputStream> {
    final List<byte[]> taken = new ArrayList<>();
    boolean cancelled;
    int ends;

    @Override
    public void onNext(InputStream message) {
        if (cancelled) {
            return;
        }
        try (message) { // gRPC drains a message it takes, then closes it
            taken.add(message.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void onError(Throwable t) {
        ends++;
    }

    @Override
    public void onCompleted() {
        ends++;
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void setOnCancelHandler(Runnable handler) {
    }

    @Override
    public void setCompression(String compression) {
    }

    @Override
    public boolean isReady() {
        return true;
    }

    @Override
    public void setOnReadyHandler(Runnable handler) {
    }

    @Override
    public void request(int count) {
    }

    @Override
    public void setMessageCompression(boolean enable) {
    }

    @Override
    public void disableAutoInboundFlowControl() {
    }
}
