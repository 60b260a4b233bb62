package io.mosaicod.server.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * DoGet's messages as the server serializes them: Flight's wire format, read back by Arrow's own IPC reader into
 * the batch that was sent; every byte in direct memory (so Netty writes it without copying); and the batch's
 * buffers held exactly until the message is released.
 */
@Tag("fast")
class FlightDataEncoderTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("label", new FieldType(true, ArrowType.Utf8.INSTANCE, null, Map.of("unit", "none")), null),
            new Field("joints", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                    new Field("item", FieldType.nullable(new ArrowType.Int(64, true)), null)))),
            Map.of("mosaico:context", "topic"));

    /** Rows of odd sizes, nulls and an empty list, so the buffers need padding to 8 bytes. */
    private static void fill(VectorSchemaRoot root, int rows) {
        root.allocateNew();
        BigIntVector ts = (BigIntVector) root.getVector("timestamp_ns");
        VarCharVector label = (VarCharVector) root.getVector("label");
        UnionListWriter joints = ((ListVector) root.getVector("joints")).getWriter();
        for (int r = 0; r < rows; r++) {
            ts.setSafe(r, 1_000L * r);
            if (r % 3 == 0) {
                label.setNull(r);
            } else {
                label.setSafe(r, ("row " + r).repeat(r % 5).getBytes(StandardCharsets.UTF_8));
            }
            joints.setPosition(r);
            joints.startList();
            for (int j = 0; j < r % 4; j++) {
                joints.bigInt().writeBigInt(r * 10L + j);
            }
            joints.endList();
        }
        root.setRowCount(rows);
    }

    /** A FlightData message as one message of Arrow's IPC stream format, which Arrow's own reader reads. */
    private static ReadChannel asIpcStream(Flight.FlightData data) throws IOException {
        ByteArrayOutputStream ipc = new ByteArrayOutputStream();
        try (WriteChannel out = new WriteChannel(Channels.newChannel(ipc))) {
            MessageSerializer.writeMessageBuffer(out, data.getDataHeader().size(),
                    data.getDataHeader().asReadOnlyByteBuffer());
            out.write(data.getDataBody().asReadOnlyByteBuffer());
        }
        return new ReadChannel(Channels.newChannel(new ByteArrayInputStream(ipc.toByteArray())));
    }

    @Test
    void aBatchGoesOutInFlightsFormatFromDirectMemoryAndReadsBackAsSent() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot sent = VectorSchemaRoot.create(SCHEMA, allocator);
             VectorSchemaRoot received = VectorSchemaRoot.create(SCHEMA, allocator)) {
            fill(sent, 37);
            try (FlightDataEncoder.MessageStream stream = FlightDataEncoder.batch(sent)) {
                ByteBuf bytes = stream.bytes();
                assertThat(bytes.isDirect()).isTrue();
                for (ByteBuf part : ((CompositeByteBuf) bytes).decompose(0, bytes.readableBytes())) {
                    assertThat(part.isDirect()).as("every part of the message is direct").isTrue();
                }
                Flight.FlightData data = Flight.FlightData.parseFrom(stream);
                try (ArrowRecordBatch loaded = (ArrowRecordBatch) MessageSerializer.deserializeMessageBatch(
                        asIpcStream(data), allocator)) {
                    new VectorLoader(received).load(loaded);
                }
            }
            assertThat(received.getRowCount()).isEqualTo(37);
            assertThat(received.equals(sent)).as(received.contentToTSVString()).isTrue();
        }
    }

    @Test
    void theSchemaGoesOutWithItsMetadata() throws Exception {
        try (FlightDataEncoder.MessageStream stream = FlightDataEncoder.schema(SCHEMA)) {
            assertThat(stream.bytes().isDirect()).isTrue();
            Flight.FlightData data = Flight.FlightData.parseFrom(stream);
            assertThat(MessageSerializer.deserializeSchema(asIpcStream(data))).isEqualTo(SCHEMA);
            assertThat(data.getDataBody().isEmpty()).isTrue();
        }
    }

    @Test
    void theBatchsBuffersAreHeldUntilTheMessageIsReleasedAndNoLonger() {
        try (BufferAllocator allocator = new RootAllocator()) {
            FlightDataEncoder.MessageStream stream;
            try (VectorSchemaRoot sent = VectorSchemaRoot.create(SCHEMA, allocator)) {
                fill(sent, 1000);
                stream = FlightDataEncoder.batch(sent);
                sent.clear(); // as the sender does when the next batch moves in
            }
            assertThat(allocator.getAllocatedMemory()).as("held by the message").isPositive();
            stream.close();
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }
}
