package io.mosaicod.server.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.read.TopicReader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A DoGet stream's sender and the parking lot, with the client's readiness scripted poll by poll. */
@Tag("fast")
class StreamSenderTest {
    private static final Schema SCHEMA = new Schema(List.of(
            Field.notNullable("timestamp_ns", new ArrowType.Int(64, true))));

    @Test
    void aStreamEvictedJustAsItsClientReadsAgainGoesOnReading() throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot out = VectorSchemaRoot.create(SCHEMA, allocator);
             VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator)) {
            CallObserver call = new CallObserver();
            DoGetListener listener = new DoGetListener(call);
            listener.start(out);
            ParkingLot lot = new ParkingLot(1);
            ScriptedClient client = new ScriptedClient();
            StreamSender first = new StreamSender(out, listener, client, Long.MAX_VALUE, TopicReader.Range.ALL,
                    () -> false, lot, allocator);
            StreamSender second = new StreamSender(out, listener, new ScriptedClient(), Long.MAX_VALUE,
                    TopicReader.Range.ALL, () -> false, lot, allocator);
            // the client reads again, and at that moment another stream parks: the lot is full, the first goes
            client.then(() -> {
                lot.park(second);
                return BackpressureStrategy.WaitResult.READY;
            });
            first.awaitResumption();
            // then its client is slow for one poll, as any client is now and then
            client.then(() -> BackpressureStrategy.WaitResult.TIMEOUT)
                    .then(() -> BackpressureStrategy.WaitResult.READY);
            fill(batch, 10);
            first.send(batch);
            assertThat(first.rowsSent()).isEqualTo(10);
            assertThat(call.taken).as("the schema and the batch").hasSize(2);
            listener.completed();
        }
    }

    private static void fill(VectorSchemaRoot batch, int rows) {
        BigIntVector timestamps = (BigIntVector) batch.getVector(0);
        timestamps.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
            timestamps.set(i, i);
        }
        batch.setRowCount(rows);
    }

    /** A client whose answer to each wait for it is the next one scripted. */
    private static final class ScriptedClient implements BackpressureStrategy {
        private final Deque<Supplier<WaitResult>> answers = new ArrayDeque<>();

        ScriptedClient then(Supplier<WaitResult> answer) {
            answers.add(answer);
            return this;
        }

        @Override
        public void register(FlightProducer.ServerStreamListener listener) {
        }

        @Override
        public WaitResult waitForListener(long timeout) {
            Supplier<WaitResult> next = answers.poll();
            if (next == null) {
                throw new AssertionError("the sender waited for its client more often than scripted");
            }
            return next.get();
        }
    }
}
