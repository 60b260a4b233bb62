package io.mosaicod.server.read;

import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import java.io.InputStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * The server's own DoGet method, bound in place of Arrow's so that the server serializes what it sends
 * ({@link FlightDataEncoder}). It keeps Arrow's method name and schema descriptor, so clients and reflection see
 * the standard service.
 */
public final class DoGetService {
    private final MethodDescriptor<Flight.Ticket, InputStream> method;
    private final ReadService reads;

    public DoGetService(ReadService reads) {
        MethodDescriptor<Flight.Ticket, Flight.FlightData> standard = FlightServiceGrpc.getDoGetMethod();
        this.method = MethodDescriptor.<Flight.Ticket, InputStream>newBuilder()
                .setType(standard.getType())
                .setFullMethodName(standard.getFullMethodName())
                .setSampledToLocalTracing(false)
                .setRequestMarshaller(ProtoUtils.marshaller(Flight.Ticket.getDefaultInstance()))
                .setResponseMarshaller(new Serialized())
                .setSchemaDescriptor(standard.getSchemaDescriptor())
                .build();
        this.reads = reads;
    }

    public ServerMethodDefinition<Flight.Ticket, InputStream> definition() {
        return ServerMethodDefinition.create(method, ServerCalls.asyncServerStreamingCall((ticket, observer) -> {
            DoGetListener listener = new DoGetListener((ServerCallStreamObserver<InputStream>) observer);
            try {
                reads.stream(new Ticket(ticket.getTicket().toByteArray()), listener);
            } catch (RuntimeException e) { // e.g. the server is stopping and takes no new stream
                listener.error(e);
            }
        }));
    }

    /** Messages the encoder serialized already. */
    private static final class Serialized implements MethodDescriptor.Marshaller<InputStream> {
        @Override
        public InputStream stream(InputStream message) {
            return message;
        }

        @Override
        public InputStream parse(InputStream stream) {
            throw new UnsupportedOperationException("a client sends no FlightData on DoGet");
        }
    }
}
