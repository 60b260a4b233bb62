package io.mosaicod.client;

import io.grpc.Status;
import java.util.Objects;

/**
 * The server refused a call, or it could not be reached: the gRPC status code the server sent (clients of
 * the protocol match on codes only) and its message.
 */
public final class MosaicoException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Status.Code code;

    public MosaicoException(Status.Code code, String message, Throwable cause) {
        super(code + ": " + message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** The gRPC status code, exactly as the server sent it. */
    public Status.Code code() {
        return code;
    }

    /** The server's sentence, without the code prefix. */
    public String serverMessage() {
        String message = getMessage();
        return message.substring(code.name().length() + 2);
    }
}
