package io.mosaicod.cli.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.mosaicod.server.metrics.ServerMetrics;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The server's meters: uploads, what they stored, and every call by method, action and status code. */
final class MeteredServer implements ServerMetrics {
    /**
     * Bucket bounds of the call latency histogram: from a quick action to a long upload or read stream. Fixed
     * and few, so each (method, action, code) series costs a known number of lines.
     */
    private static final Duration[] LATENCY_BUCKETS = {
        Duration.ofMillis(5), Duration.ofMillis(25), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30),
        Duration.ofMinutes(2), Duration.ofMinutes(10)};

    private final AtomicInteger active = new AtomicInteger();
    private final Counter complete;
    private final Counter incomplete;
    private final Counter batches;
    private final Counter rows;
    private final Counter bytes;
    private final Meter.MeterProvider<Timer> calls;

    MeteredServer(MeterRegistry registry) {
        Gauge.builder("mosaicod.uploads.active", active, AtomicInteger::get)
                .description("Uploads (DoPut streams) running now").register(registry);
        complete = uploads(registry, "complete");
        incomplete = uploads(registry, "incomplete");
        batches = Counter.builder("mosaicod.upload.batches")
                .description("Non-empty record batches uploaded, each stored as one chunk").register(registry);
        rows = Counter.builder("mosaicod.upload.rows").description("Rows uploaded").register(registry);
        bytes = Counter.builder("mosaicod.upload").baseUnit(BaseUnits.BYTES)
                .description("Bytes of the chunks uploads stored").register(registry);
        calls = Timer.builder("mosaicod.grpc.requests")
                .description("Calls served, by gRPC method, DoAction action and status code, with how long they ran")
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .withRegistry(registry);
    }

    private static Counter uploads(MeterRegistry registry, String outcome) {
        return Counter.builder("mosaicod.uploads").tag("outcome", outcome)
                .description("Uploads ended: complete (the stream ended normally) or incomplete").register(registry);
    }

    @Override
    public void uploadStarted() {
        active.incrementAndGet();
    }

    @Override
    public void batchStored(long batchRows, long chunkBytes) {
        batches.increment();
        rows.increment(batchRows);
        bytes.increment(chunkBytes);
    }

    @Override
    public void uploadEnded(boolean wasComplete) {
        active.decrementAndGet();
        (wasComplete ? complete : incomplete).increment();
    }

    @Override
    public void callEnded(String method, String action, String code, long nanos) {
        calls.withTags("method", method, "action", action, "code", code).record(nanos, TimeUnit.NANOSECONDS);
    }
}
