package io.mosaicod.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** A put held by the server's flow control waits without burning a core, and resumes once released. */
class HeldUploadTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("payload", FieldType.notNullable(ArrowType.Binary.INSTANCE), null)));
    private static final int BATCHES = 64;

    @Test
    void aHeldPutParksInsteadOfSpinning() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        NoOpFlightProducer holding = new NoOpFlightProducer() {
            @Override
            public Runnable acceptPut(CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
                return () -> {
                    try {
                        release.await(30, TimeUnit.SECONDS); // reads nothing until then: gRPC holds the client
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    while (stream.next()) {
                        // drain
                    }
                    ackStream.onCompleted();
                };
            }
        };
        try (BufferAllocator allocator = new RootAllocator();
             FlightServer server = FlightServer.builder(allocator, Location.forGrpcInsecure("127.0.0.1", 0), holding)
                     .build().start()) {
            MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.getPort());
            AtomicLong sent = new AtomicLong();
            Thread putter = new Thread(() -> sendMiB(client, sent), "held-putter");
            putter.start();
            Thread.sleep(1000); // 64 MiB is far beyond gRPC's windows: the putter is held by now
            assertThat(sent.get()).isLessThan(BATCHES);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long cpuBefore = threads.getThreadCpuTime(putter.getId());
            Thread.sleep(1000);
            long cpuNanos = threads.getThreadCpuTime(putter.getId()) - cpuBefore;
            release.countDown();
            putter.join(TimeUnit.SECONDS.toMillis(30));
            client.close();
            assertThat(cpuNanos).as("CPU the held putter used in 1 s").isLessThan(TimeUnit.MILLISECONDS.toNanos(200));
            assertThat(sent.get()).isEqualTo(BATCHES);
        }
    }

    private static void sendMiB(MosaicoClient client, AtomicLong sent) {
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, client.allocator());
             TopicUpload upload = client.upload("held/topic", UUID.randomUUID(), SCHEMA)) {
            VarBinaryVector payload = (VarBinaryVector) batch.getVector(0);
            payload.setSafe(0, new byte[1 << 20]);
            batch.setRowCount(1);
            for (int b = 0; b < BATCHES; b++) {
                upload.put(batch);
                sent.incrementAndGet();
            }
            upload.complete();
        }
    }
}
