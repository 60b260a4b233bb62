package io.mosaicod.server.ingest;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.grpc.MethodDescriptor;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.arrow.flight.grpc.GetReadableBuffer;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;

/**
 * Decodes the {@code FlightData} protobuf of a DoPut by hand, so the server sees every message as sent:
 * Arrow's own {@code FlightStream} silently drops empty messages and swallows a second schema, which the
 * protocol must refuse (PROTOCOL.md §4). The body is read straight into Arrow memory from the upload
 * allocator, whose limit bounds what all uploads hold at once. It never throws: a message it cannot read
 * becomes a {@link FlightDataMessage#refused refused} one, which the stream answers with its status.
 */
final class FlightDataMarshaller implements MethodDescriptor.Marshaller<FlightDataMessage> {
    private static final int DESCRIPTOR = 1;
    private static final int DATA_HEADER = 2;
    private static final int APP_METADATA = 3;
    private static final int DATA_BODY = 1000;

    private final BufferAllocator allocator;
    private final int maxMessageBytes;

    /** @param maxMessageBytes the advertised limit; larger messages are refused with a sentence naming it */
    FlightDataMarshaller(BufferAllocator allocator, int maxMessageBytes) {
        this.allocator = allocator;
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    public InputStream stream(FlightDataMessage value) {
        throw new UnsupportedOperationException("the server never sends FlightData on DoPut");
    }

    @Override
    public FlightDataMessage parse(InputStream stream) {
        Flight.FlightDescriptor descriptor = null;
        MessageMetadataResult header = null;
        ArrowBuf body = null;
        byte[] appMetadata = null;
        try {
            requireWithinLimit(stream.available());
            int first;
            while ((first = stream.read()) >= 0) {
                int tag = CodedInputStream.readRawVarint32(first, stream);
                int field = WireFormat.getTagFieldNumber(tag);
                if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    skipScalar(stream, WireFormat.getTagWireType(tag));
                    continue;
                }
                int size = readLength(stream);
                switch (field) {
                    case DESCRIPTOR -> descriptor = Flight.FlightDescriptor.parseFrom(readBytes(stream, size));
                    case DATA_HEADER -> {
                        byte[] bytes = readBytes(stream, size);
                        header = size == 0 ? null : MessageMetadataResult.create(ByteBuffer.wrap(bytes), size);
                    }
                    case APP_METADATA -> appMetadata = size == 0 ? null : readBytes(stream, size);
                    case DATA_BODY -> {
                        if (body != null) {
                            body.close(); // protobuf semantics: the last occurrence wins
                            body = null; // not closed again if the next one cannot be allocated
                        }
                        body = allocate(size);
                        GetReadableBuffer.readIntoBuffer(stream, body, size, true);
                    }
                    default -> stream.skipNBytes(size);
                }
            }
            return new FlightDataMessage(descriptor, header, body, appMetadata);
        } catch (IOException | RuntimeException e) {
            if (body != null) {
                body.close();
            }
            return FlightDataMessage.refused(e instanceof ProtocolException refusal ? refusal
                    : ProtocolException.badRequest("malformed FlightData message (" + e.getMessage() + ")", e));
        }
    }

    /**
     * gRPC's own limit sits above the advertised one (see {@code MosaicodServer}), so that a message a little
     * too large gets this explanation instead of gRPC's terse one.
     */
    private void requireWithinLimit(int messageBytes) {
        if (messageBytes > maxMessageBytes) {
            throw new ProtocolException(ErrorCode.RESOURCE_EXHAUSTED, "Message of " + messageBytes
                    + " bytes exceeds the server's limit of " + maxMessageBytes
                    + " bytes (MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE); send smaller record batches.");
        }
    }

    private ArrowBuf allocate(int size) {
        try {
            return allocator.buffer(size);
        } catch (OutOfMemoryException e) {
            throw new ProtocolException(ErrorCode.RESOURCE_EXHAUSTED, "The server's upload memory ("
                    + allocator.getLimit() + " bytes) is exhausted by concurrent uploads; retry later.");
        }
    }

    private static int readLength(InputStream stream) throws IOException {
        int first = stream.read();
        if (first < 0) {
            throw new IOException("truncated field length");
        }
        int size = CodedInputStream.readRawVarint32(first, stream);
        if (size < 0) {
            throw new IOException("negative field length " + size);
        }
        return size;
    }

    private static byte[] readBytes(InputStream stream, int size) throws IOException {
        byte[] bytes = stream.readNBytes(size);
        if (bytes.length != size) {
            throw new IOException("truncated field: " + bytes.length + " of " + size + " bytes");
        }
        return bytes;
    }

    private static void skipScalar(InputStream stream, int wireType) throws IOException {
        switch (wireType) {
            case WireFormat.WIRETYPE_VARINT -> {
                int b;
                do {
                    b = stream.read();
                } while (b >= 0x80);
                if (b < 0) {
                    throw new IOException("truncated varint");
                }
            }
            case WireFormat.WIRETYPE_FIXED64 -> stream.skipNBytes(8);
            case WireFormat.WIRETYPE_FIXED32 -> stream.skipNBytes(4);
            default -> throw new IOException("unsupported protobuf wire type " + wireType);
        }
    }
}
