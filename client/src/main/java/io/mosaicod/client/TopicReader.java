package io.mosaicod.client;

import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A DoGet stream of one topic: the schema (with the {@code mosaico:*} metadata of the requested range), then
 * record batches in {@code timestamp_ns} order. Each {@link #next()} refills the same {@link #batch()}.
 */
public final class TopicReader implements AutoCloseable {
    private final FlightStream stream;

    TopicReader(FlightStream stream) {
        this.stream = stream;
    }

    public Schema schema() {
        try {
            return stream.getSchema();
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    /** Loads the next batch; false at the end of the stream. */
    public boolean next() {
        try {
            return stream.next();
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        }
    }

    /** The batch {@link #next()} loaded; valid until the next call. */
    public VectorSchemaRoot batch() {
        return stream.getRoot();
    }

    /** Stops reading: cancels the stream if it has not ended. */
    @Override
    public void close() {
        try {
            stream.close();
        } catch (Exception e) {
            throw ClientErrors.translate(e);
        }
    }
}
