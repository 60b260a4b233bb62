package io.mosaicod.testkit;

import com.google.protobuf.ByteString;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Flight at the gRPC level, for what no well-behaved Flight client sends: DoPut with hand-built
 * {@code FlightData} messages (a second schema, an empty message, a batch before the schema, a batch whose
 * header contradicts its body), and any method with request bytes that are no message at all.
 */
public final class RawFlight implements AutoCloseable {
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private final ManagedChannel channel;

    public RawFlight(int port) {
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    /** How a DoPut ended: its status and the application metadata of each PutResult the server sent. */
    public record Outcome(Status status, List<ByteString> acknowledgements) {
        public int putResults() {
            return acknowledgements.size();
        }
    }

    public Outcome doPut(List<Flight.FlightData> messages) throws Exception {
        CompletableFuture<Status> done = new CompletableFuture<>();
        List<ByteString> results = new CopyOnWriteArrayList<>();
        StreamObserver<Flight.FlightData> requests = FlightServiceGrpc.newStub(channel).doPut(
                new StreamObserver<>() {
                    @Override
                    public void onNext(Flight.PutResult value) {
                        results.add(value.getAppMetadata());
                    }

                    @Override
                    public void onError(Throwable t) {
                        done.complete(Status.fromThrowable(t));
                    }

                    @Override
                    public void onCompleted() {
                        done.complete(Status.OK);
                    }
                });
        for (Flight.FlightData message : messages) {
            requests.onNext(message);
        }
        requests.onCompleted();
        return new Outcome(done.get(30, TimeUnit.SECONDS), List.copyOf(results));
    }

    public static Flight.FlightDescriptor command(String json) {
        return Flight.FlightDescriptor.newBuilder().setType(Flight.FlightDescriptor.DescriptorType.CMD)
                .setCmd(ByteString.copyFrom(json, StandardCharsets.UTF_8)).build();
    }

    public static Flight.FlightDescriptor path(String... path) {
        return Flight.FlightDescriptor.newBuilder().setType(Flight.FlightDescriptor.DescriptorType.PATH)
                .addAllPath(List.of(path)).build();
    }

    /** The DoPut command of a topic, as the SDK sends it. */
    public static Flight.FlightDescriptor putCommand(String locator, Object topicUuid) {
        return command("{\"resource_locator\":\"" + locator + "\",\"topic_uuid\":\"" + topicUuid + "\"}");
    }

    /** A schema message, with {@code descriptor} if not null. */
    public static Flight.FlightData schema(Schema schema, Flight.FlightDescriptor descriptor) {
        Flight.FlightData.Builder message = Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(MessageSerializer.serializeMetadata(schema, IpcOption.DEFAULT)));
        if (descriptor != null) {
            message.setFlightDescriptor(descriptor);
        }
        return message.build();
    }

    /** {@code message} carrying {@code appMetadata} as its application metadata. */
    public static Flight.FlightData withAppMetadata(Flight.FlightData message, String appMetadata) {
        return message.toBuilder().setAppMetadata(ByteString.copyFromUtf8(appMetadata)).build();
    }

    /** A record batch message holding {@code batch}. */
    public static Flight.FlightData batch(VectorSchemaRoot batch) {
        return forgedBatch(batch, batch.getRowCount(), nodes -> nodes, (body, layout) -> { });
    }

    /**
     * A record batch message with {@code batch}'s buffers but a header declaring {@code rows} rows and the field
     * nodes {@code nodes} makes of the true ones, its body edited by {@code body} (given the buffers' layout):
     * what a buggy or hostile client could send.
     */
    public static Flight.FlightData forgedBatch(VectorSchemaRoot batch, long rows,
                                         UnaryOperator<List<ArrowFieldNode>> nodes,
                                         BiConsumer<ByteBuffer, List<ArrowBuffer>> body) {
        try (ArrowRecordBatch record = new VectorUnloader(batch).getRecordBatch();
             ArrowRecordBatch forged = new ArrowRecordBatch(Math.toIntExact(rows),
                     nodes.apply(List.copyOf(record.getNodes())), record.getBuffers())) {
            ByteBuffer header = MessageSerializer.serializeMetadata(forged, IpcOption.DEFAULT);
            byte[] bytes = new byte[(int) record.computeBodyLength()];
            List<ArrowBuf> buffers = record.getBuffers();
            List<ArrowBuffer> layout = record.getBuffersLayout();
            for (int i = 0; i < buffers.size(); i++) {
                ArrowBuf buffer = buffers.get(i);
                buffer.getBytes(0, bytes, (int) layout.get(i).getOffset(), (int) buffer.readableBytes());
            }
            body.accept(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), layout);
            return Flight.FlightData.newBuilder().setDataHeader(ByteString.copyFrom(header))
                    .setDataBody(ByteString.copyFrom(bytes)).build();
        }
    }

    /**
     * Calls {@code method} of the Flight service with {@code request} as the bytes of its one request message,
     * whatever they are; returns the call's status.
     */
    public Status callWithBytes(MethodDescriptor<?, ?> method, byte[] request) throws Exception {
        MethodDescriptor<byte[], byte[]> raw = method.toBuilder(BYTES, BYTES).build();
        ClientCall<byte[], byte[]> call = channel.newCall(raw, CallOptions.DEFAULT);
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                closed.complete(status);
            }
        }, new Metadata());
        call.request(Integer.MAX_VALUE);
        call.sendMessage(request);
        call.halfClose();
        return closed.get(30, TimeUnit.SECONDS);
    }


    /** A message with nothing in it. */
    public static Flight.FlightData empty() {
        return Flight.FlightData.getDefaultInstance();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow();
        channel.awaitTermination(5, TimeUnit.SECONDS);
    }
}
