package io.mosaicod.server.protocol;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.mosaicod.core.Availability;
import io.mosaicod.core.locator.InvalidLocatorException;
import io.mosaicod.db.AlreadyExistsException;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.SessionFinalizedException;
import io.mosaicod.db.RepositoryUnavailableException;
import java.util.Optional;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.grpc.StatusUtils;
import org.apache.arrow.memory.OutOfMemoryException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns whatever a request handler threw into the gRPC status the client sees (PROTOCOL.md §2): protocol
 * refusals keep their code and sentence, repository duplicates become ALREADY_EXISTS, bad locators
 * INVALID_ARGUMENT, an unreachable repository or store UNAVAILABLE (the outage is logged once, where it is
 * detected), and anything else INTERNAL, logged with its stack trace since it is a bug.
 *
 * <p>Errors leave as gRPC {@link StatusRuntimeException}s rather than Flight exceptions: Flight's status
 * codes have no FAILED_PRECONDITION or ABORTED, and Arrow's Flight service passes gRPC exceptions through
 * unchanged.
 */
public final class ErrorStatus {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorStatus.class);
    static final int MAX_DESCRIPTION_CHARS = 1000;

    private ErrorStatus() {
    }

    /** The exception to throw from, or pass to the error callback of, any Flight method. */
    public static StatusRuntimeException asException(Throwable error) {
        if (error instanceof StatusRuntimeException grpc) {
            return grpc;
        }
        return toStatus(classify(error)).asRuntimeException();
    }

    /** The protocol-level view of {@code error}. */
    public static ProtocolException classify(Throwable error) {
        Optional<Throwable> outage = Availability.outageBehind(error);
        if (outage.isPresent() && !(error instanceof ProtocolException refusal && refusal.code() != ErrorCode.INTERNAL)) {
            return new ProtocolException(ErrorCode.UNAVAILABLE, "The "
                    + (outage.get() instanceof RepositoryUnavailableException ? "repository" : "store")
                    + " is unavailable; retry later (" + describe(outage.get()) + ").", error);
        }
        if (error instanceof ProtocolException protocol) {
            if (protocol.getCause() != null && LOG.isDebugEnabled()) {
                // the client reads the sentence; what the library said of its input is for the operator
                LOG.debug("request refused: {}", protocol.getMessage(), protocol.getCause());
            }
            return protocol;
        }
        if (error instanceof AlreadyExistsException duplicate) {
            return new ProtocolException(ErrorCode.ALREADY_EXISTS, duplicate.getMessage(), duplicate);
        }
        if (error instanceof SessionFinalizedException finalized) {
            return new ProtocolException(ErrorCode.FAILED_PRECONDITION, "The session was finalized by another request"
                    + " meanwhile: no topic can be added to it.", finalized);
        }
        if (error instanceof ConcurrentDeletionException deleted) {
            return new ProtocolException(ErrorCode.NOT_FOUND, "The sequence, session or topic this request refers to"
                    + " was deleted by another request meanwhile.", deleted);
        }
        if (error instanceof InvalidLocatorException badLocator) {
            return ProtocolException.badRequest(badLocator.getMessage(), badLocator);
        }
        Throwable memory = memoryExhaustion(error);
        if (memory != null) {
            return new ProtocolException(ErrorCode.RESOURCE_EXHAUSTED, "The server's stream memory is exhausted; "
                    + "retry later (" + describe(memory) + ").", error);
        }
        if (error instanceof FlightRuntimeException flight) {
            Status status = StatusUtils.toGrpcStatus(flight.status());
            return new ProtocolException(fromGrpc(status.getCode()), describe(flight), flight);
        }
        if (error instanceof StatusRuntimeException grpc) {
            return new ProtocolException(fromGrpc(grpc.getStatus().getCode()), describe(grpc), grpc);
        }
        LOG.error("request failed", error);
        return new ProtocolException(ErrorCode.INTERNAL, "Internal error: " + describe(error), error);
    }

    /**
     * The status of {@code protocol}, its sentence cut to {@value #MAX_DESCRIPTION_CHARS} characters: gRPC sends
     * the description in a header, and past ~8 KiB clients see a broken stream instead of the code.
     */
    public static Status toStatus(ProtocolException protocol) {
        return Status.fromCode(toGrpc(protocol.code()))
                .withDescription(bounded(protocol.getMessage()));
    }

    private static String bounded(String sentence) {
        return sentence.length() <= MAX_DESCRIPTION_CHARS ? sentence
                : sentence.substring(0, MAX_DESCRIPTION_CHARS) + "… (cut from " + sentence.length() + " characters).";
    }

    static Status.Code toGrpc(ErrorCode code) {
        return switch (code) {
            case NOT_FOUND -> Status.Code.NOT_FOUND;
            case ALREADY_EXISTS -> Status.Code.ALREADY_EXISTS;
            case INVALID_ARGUMENT -> Status.Code.INVALID_ARGUMENT;
            case PERMISSION_DENIED -> Status.Code.PERMISSION_DENIED;
            case FAILED_PRECONDITION -> Status.Code.FAILED_PRECONDITION;
            case ABORTED -> Status.Code.ABORTED;
            case CANCELLED -> Status.Code.CANCELLED;
            case RESOURCE_EXHAUSTED -> Status.Code.RESOURCE_EXHAUSTED;
            case UNAVAILABLE -> Status.Code.UNAVAILABLE;
            case DATA_LOSS -> Status.Code.DATA_LOSS;
            case INTERNAL -> Status.Code.INTERNAL;
        };
    }

    private static ErrorCode fromGrpc(Status.Code code) {
        return switch (code) {
            case NOT_FOUND -> ErrorCode.NOT_FOUND;
            case ALREADY_EXISTS -> ErrorCode.ALREADY_EXISTS;
            case INVALID_ARGUMENT, OUT_OF_RANGE -> ErrorCode.INVALID_ARGUMENT;
            case PERMISSION_DENIED, UNAUTHENTICATED -> ErrorCode.PERMISSION_DENIED;
            case FAILED_PRECONDITION -> ErrorCode.FAILED_PRECONDITION;
            case ABORTED -> ErrorCode.ABORTED;
            case CANCELLED -> ErrorCode.CANCELLED;
            case RESOURCE_EXHAUSTED -> ErrorCode.RESOURCE_EXHAUSTED;
            case UNAVAILABLE -> ErrorCode.UNAVAILABLE;
            case DATA_LOSS -> ErrorCode.DATA_LOSS;
            default -> ErrorCode.INTERNAL;
        };
    }

    /** The Arrow allocator's refusal or the JVM's lack of (direct) memory behind {@code error}, if any. */
    private static Throwable memoryExhaustion(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryException || cause instanceof OutOfMemoryError) {
                return cause;
            }
        }
        return null;
    }

    private static String describe(Throwable error) {
        String message = error instanceof StatusRuntimeException grpc ? grpc.getStatus().getDescription()
                : error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }
}
