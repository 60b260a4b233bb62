package io.mosaicod.server.ingest;

import io.mosaicod.server.protocol.ProtocolException;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;

/**
 * One {@code FlightData} message of a DoPut, as received; each part is null when absent. Owns its body
 * buffer until {@link #takeBody()} hands it over or {@link #close()} releases it.
 */
final class FlightDataMessage implements AutoCloseable {
    private final ProtocolException refusal;
    private final Flight.FlightDescriptor descriptor;
    private final MessageMetadataResult header;
    private final byte[] appMetadata;
    private ArrowBuf body;

    /**
     * @param descriptor  the flight descriptor (only the first message of a stream carries one)
     * @param header      the Arrow IPC message header (schema or record batch)
     * @param body        the IPC body bytes, in Arrow memory
     * @param appMetadata the application metadata, null if none: what the server echoes to acknowledge the batch
     */
    FlightDataMessage(Flight.FlightDescriptor descriptor, MessageMetadataResult header, ArrowBuf body,
                      byte[] appMetadata) {
        this(null, descriptor, header, body, appMetadata);
    }

    private FlightDataMessage(ProtocolException refusal, Flight.FlightDescriptor descriptor,
                              MessageMetadataResult header, ArrowBuf body, byte[] appMetadata) {
        this.refusal = refusal;
        this.descriptor = descriptor;
        this.header = header;
        this.body = body;
        this.appMetadata = appMetadata;
    }

    /**
     * A message that could not be read (too large, malformed, no memory left). gRPC answers a marshaller's
     * exception with an anonymous UNKNOWN status, so the refusal travels to the stream, which answers it.
     */
    static FlightDataMessage refused(ProtocolException refusal) {
        return new FlightDataMessage(refusal, null, null, null, null);
    }

    /** Throws the refusal of a message that could not be read. */
    void requireReadable() {
        if (refusal != null) {
            throw refusal;
        }
    }

    Flight.FlightDescriptor descriptor() {
        return descriptor;
    }

    MessageMetadataResult header() {
        return header;
    }

    /** The application metadata the client attached, null if none. */
    byte[] appMetadata() {
        return appMetadata;
    }

    /** Bytes of the body, 0 without one. */
    long bodyBytes() {
        return body == null ? 0 : body.capacity();
    }

    /** Hands the body buffer (null if none) to the caller, who must release it. */
    ArrowBuf takeBody() {
        ArrowBuf taken = body;
        body = null;
        return taken;
    }

    boolean isSchema() {
        return header != null && header.headerType() == MessageHeader.Schema;
    }

    boolean isRecordBatch() {
        return header != null && header.headerType() == MessageHeader.RecordBatch;
    }

    /** Neither descriptor, header, body nor application metadata: what the protocol calls an empty message. */
    boolean isEmpty() {
        return descriptor == null && header == null && (body == null || body.capacity() == 0) && appMetadata == null;
    }

    /** What kind of message this is, for error messages. */
    String describe() {
        if (header == null) {
            return isEmpty() ? "an empty message" : "a message without an Arrow header";
        }
        return "a " + MessageHeader.name(header.headerType()) + " message";
    }

    @Override
    public void close() {
        ArrowBuf owned = takeBody();
        if (owned != null) {
            owned.close();
        }
    }
}
