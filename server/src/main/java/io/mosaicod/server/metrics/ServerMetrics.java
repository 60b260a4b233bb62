package io.mosaicod.server.metrics;

/**
 * What the server reports for its process's metrics endpoint (docs/metrics.md), without knowing how they are
 * published. Each call is cheap for the implementation to take: once per upload, per stored batch, per call.
 */
public interface ServerMetrics {
    /** The action of a call that is not a {@code DoAction}. */
    String NO_ACTION = "none";
    /** Any action the server does not answer: clients name them, so one value keeps the series bounded. */
    String UNKNOWN_ACTION = "unknown";

    ServerMetrics NONE = new ServerMetrics() {
        @Override
        public void uploadStarted() {
        }

        @Override
        public void batchStored(long rows, long chunkBytes) {
        }

        @Override
        public void uploadEnded(boolean complete) {
        }

        @Override
        public void callEnded(String method, String action, String code, long nanos) {
        }
    };

    /** An upload's header was accepted: it runs from now on. */
    void uploadStarted();

    /** A non-empty record batch of an upload was stored as one chunk of {@code chunkBytes} bytes. */
    void batchStored(long rows, long chunkBytes);

    /** An upload ended: complete (its stream ended normally), or cut off (refused, failed, cancelled). */
    void uploadEnded(boolean complete);

    /**
     * A call ended.
     *
     * @param method its gRPC method ({@code DoPut}, {@code DoAction}, {@code Check}...)
     * @param action a {@code DoAction}'s action, {@value #UNKNOWN_ACTION} for an action the server does
     *               not know, {@value #NO_ACTION} for other methods
     * @param code   its gRPC status code ({@code OK}, {@code NOT_FOUND}...; {@code CANCELLED} when the client left)
     */
    void callEnded(String method, String action, String code, long nanos);
}
