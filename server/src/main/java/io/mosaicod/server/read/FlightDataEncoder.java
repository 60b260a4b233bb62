package io.mosaicod.server.read;

import io.grpc.Drainable;
import io.mosaicod.transport.PooledArrowMemory;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.arrow.flight.grpc.AddWritableBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * DoGet's {@code FlightData} messages, serialized by the server rather than by Arrow Flight, so that gRPC writes
 * a batch's bytes straight from its Arrow buffers. Flight's own message keeps its framing and padding in heap
 * buffers, so Netty takes the whole message for heap memory and copies it, frame by frame, into direct buffers
 * before writing (17 % of the network thread's CPU reading the mixed-width topic). Here the protobuf framing and
 * the IPC header share one direct buffer, the body is the batch's own buffers, and the padding a shared direct
 * buffer of zeros. The wire format is Flight's: {@code data_header} (field 2) the IPC message, {@code data_body}
 * (field 1000) the buffers at the offsets the header gives.
 */
final class FlightDataEncoder {
    private static final int LENGTH_DELIMITED = 2;
    private static final int DATA_HEADER_TAG = 2 << 3 | LENGTH_DELIMITED;
    private static final int DATA_BODY_TAG = 1000 << 3 | LENGTH_DELIMITED;
    /** The IPC format aligns every body buffer to 8 bytes: at most 7 bytes of padding at once. */
    private static final ByteBuf ZEROS = Unpooled.unreleasableBuffer(Unpooled.directBuffer(8).writeZero(8));

    private FlightDataEncoder() {
    }

    /** The stream's first message: the schema, with its metadata. */
    static MessageStream schema(Schema schema) {
        return new MessageStream(framing(MessageSerializer.serializeMetadata(schema, IpcOption.DEFAULT), -1));
    }

    /** The message's fields up to its body: the IPC header, then the body's tag and length unless it has none (-1). */
    private static ByteBuf framing(ByteBuffer header, int bodyLength) {
        ByteBuf framing = PooledArrowMemory.pool().directBuffer(header.remaining() + 32);
        writeField(framing, DATA_HEADER_TAG, header.remaining()).writeBytes(header);
        if (bodyLength >= 0) {
            writeField(framing, DATA_BODY_TAG, bodyLength);
        }
        return framing;
    }

    /**
     * The batch {@code root} holds now, as one message that keeps its buffers (counted to their allocator) until
     * gRPC has written it: the caller may clear or refill {@code root} at once.
     */
    static MessageStream batch(VectorSchemaRoot root) {
        ArrowRecordBatch batch = new VectorUnloader(root).getRecordBatch(); // holds the buffers until closed
        BatchMessage message = null;
        try {
            ByteBuffer header = MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT);
            long bodyLength = batch.computeBodyLength();
            message = new BatchMessage(batch); // from here on, releasing the message closes the batch
            message.addComponent(true, framing(header, Math.toIntExact(bodyLength)));
            List<ArrowBuf> buffers = batch.getBuffers();
            List<ArrowBuffer> layout = batch.getBuffersLayout();
            long written = 0;
            for (int i = 0; i < buffers.size(); i++) {
                ArrowBuffer place = layout.get(i);
                written = pad(message, written, place.getOffset());
                if (place.getSize() > 0) {
                    message.addComponent(true,
                            Unpooled.wrappedBuffer(buffers.get(i).nioBuffer(0, Math.toIntExact(place.getSize()))));
                    written += place.getSize();
                }
            }
            pad(message, written, bodyLength);
            return new MessageStream(message);
        } catch (RuntimeException e) {
            if (message != null) {
                message.release();
            } else {
                batch.close();
            }
            throw e;
        }
    }

    private static ByteBuf writeField(ByteBuf out, int tag, int length) {
        writeVarint(out, tag);
        writeVarint(out, length);
        return out;
    }

    private static void writeVarint(ByteBuf out, int value) {
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    /** Zeros from {@code written} up to {@code to}; returns {@code to}. */
    private static long pad(CompositeByteBuf message, long written, long to) {
        if (to > written) {
            message.addComponent(true, ZEROS.retainedSlice(0, (int) (to - written)));
        }
        return to;
    }

    /** A batch's message: releases the batch's buffers when Netty releases the message, once written. */
    private static final class BatchMessage extends CompositeByteBuf {
        private final ArrowRecordBatch batch;

        BatchMessage(ArrowRecordBatch batch) {
            super(PooledArrowMemory.pool(), true, Integer.MAX_VALUE);
            this.batch = batch;
        }

        @Override
        protected void deallocate() {
            try {
                super.deallocate();
            } finally {
                batch.close();
            }
        }
    }

    /**
     * A message as gRPC takes it: drained into gRPC's buffer chain without a copy where gRPC lets it (a message it
     * compresses is copied into the compressor). Not of a known length on purpose: gRPC copies a message of known
     * length into its own buffers.
     */
    static final class MessageStream extends InputStream implements Drainable {
        private final ByteBuf message;
        private boolean closed;

        MessageStream(ByteBuf message) {
            this.message = message;
        }

        /** The message's bytes, for tests. */
        ByteBuf bytes() {
            return message;
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            int length = message.readableBytes();
            // hands gRPC the message itself (a reference of its own), or copies it: either way the message's own
            // indexes stay as they are, for what gRPC writes is this very buffer
            AddWritableBuffer.add(message, target, true);
            return length;
        }

        @Override
        public int read() {
            return message.isReadable() ? message.readUnsignedByte() : -1;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (!message.isReadable()) {
                return -1;
            }
            int n = Math.min(length, message.readableBytes());
            message.readBytes(into, offset, n);
            return n;
        }

        @Override
        public int available() {
            return message.readableBytes();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                message.release();
            }
        }
    }
}
