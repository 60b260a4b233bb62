package io.mosaicod.client;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.grpc.StatusUtils;

/** Turns what Flight and gRPC throw into {@link MosaicoException}s carrying the server's exact status code. */
final class ClientErrors {
    private ClientErrors() {
    }

    static MosaicoException translate(Throwable error) {
        if (error instanceof MosaicoException mosaico) {
            return mosaico;
        }
        if (error instanceof FlightRuntimeException flight) {
            Status.Code code = GrpcStatusTrailer.recorded(flight.status().metadata())
                    .orElseGet(() -> StatusUtils.toGrpcStatusCode(flight.status().code()));
            String description = flight.status().description();
            return new MosaicoException(code, description == null ? "" : description, flight);
        }
        if (error instanceof StatusRuntimeException grpc) {
            String description = grpc.getStatus().getDescription();
            return new MosaicoException(grpc.getStatus().getCode(), description == null ? "" : description, grpc);
        }
        Throwable cause = error.getCause();
        if (cause != null && cause != error && (cause instanceof FlightRuntimeException
                || cause instanceof StatusRuntimeException)) {
            return translate(cause);
        }
        return new MosaicoException(Status.Code.UNKNOWN, String.valueOf(error.getMessage()), error);
    }
}
