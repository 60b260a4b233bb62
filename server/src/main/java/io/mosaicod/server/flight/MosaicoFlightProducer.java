package io.mosaicod.server.flight;

import io.mosaicod.server.protocol.ActionName;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.read.ReadService;
import io.grpc.Status;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.ActionType;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PollInfo;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.Ticket;

/**
 * The Flight methods served through Arrow's Flight service: ListActions, ListFlights, GetFlightInfo and GetSchema.
 * DoPut, DoGet and DoAction are bound separately, in place of Arrow's ({@link io.mosaicod.server.ingest.DoPutService},
 * {@link io.mosaicod.server.read.DoGetService}, {@link DoActionService}). Every failure leaves as the gRPC status
 * {@link ErrorStatus} picks.
 */
public final class MosaicoFlightProducer implements FlightProducer {
    private final ReadService reads;

    public MosaicoFlightProducer(ReadService reads) {
        this.reads = reads;
    }

    @Override
    public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
        // unreachable: the server binds its own DoAction in place of Arrow's
        throw Status.UNIMPLEMENTED.withDescription("DoAction is served by DoActionService.").asRuntimeException();
    }

    @Override
    public void listActions(CallContext context, StreamListener<ActionType> listener) {
        for (ActionName name : ActionName.values()) {
            listener.onNext(new ActionType(name.wireName(), ""));
        }
        listener.onCompleted();
    }

    @Override
    public void listFlights(CallContext context, Criteria criteria, StreamListener<FlightInfo> listener) {
        try {
            reads.listSequences(criteria.getExpression(), listener::onNext);
        } catch (Throwable e) {
            listener.onError(ErrorStatus.asException(e));
            return;
        }
        listener.onCompleted();
    }

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        try {
            return reads.flightInfo(descriptor);
        } catch (Throwable e) {
            throw ErrorStatus.asException(e);
        }
    }

    /** Not part of the protocol; Arrow's default would answer it through GetFlightInfo. */
    @Override
    public PollInfo pollFlightInfo(CallContext context, FlightDescriptor descriptor) {
        throw Status.UNIMPLEMENTED.withDescription("PollFlightInfo is not implemented; use GetFlightInfo.")
                .asRuntimeException();
    }

    @Override
    public SchemaResult getSchema(CallContext context, FlightDescriptor descriptor) {
        return new SchemaResult(getFlightInfo(context, descriptor).getSchema());
    }

    @Override
    public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
        // unreachable: the server binds its own DoGet in place of Arrow's
        throw Status.UNIMPLEMENTED.withDescription("DoGet is served by the read service.").asRuntimeException();
    }

    @Override
    public Runnable acceptPut(CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
        // unreachable: the server binds its own DoPut in place of Arrow's
        throw Status.UNIMPLEMENTED.withDescription("DoPut is served by the upload service.").asRuntimeException();
    }
}
