package io.mosaicod.server.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The listener's messages are let go of whether or not gRPC takes them: gRPC closes a message it takes, but
 * drops without closing one sent on a call its client cancelled meanwhile, which would pin the batch's buffers.
 * The observer here does what gRPC's does: it drains a message it takes, and drops one once cancelled.
 */
@Tag("fast")
class DoGetListenerTest {
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null)));

    @Test
    void batchesSentOnACancelledCallAreLetGoOfToo() throws IOException {
        try (BufferAllocator allocator = new RootAllocator()) {
            CallObserver call = new CallObserver();
            DoGetListener listener = new DoGetListener(call);
            try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
                listener.start(root);
                fill(root, 0);
                listener.putNext();
                call.cancelled = true;
                fill(root, 1000);
                listener.putNext(); // dropped by the cancelled call
            }
            assertThat(call.taken).as("the schema and the first batch").hasSize(2);
            assertThat(allocator.getAllocatedMemory()).isZero();
            listener.error(new IllegalStateException("a second end"));
            listener.completed();
            assertThat(call.ends).as("only the first end reaches gRPC").isEqualTo(1);
        }
    }

    private static void fill(VectorSchemaRoot root, long first) {
        BigIntVector ts = (BigIntVector) root.getVector(0);
        ts.allocateNew(1000);
        for (int i = 0; i < 1000; i++) {
            ts.set(i, first + i);
        }
        root.setRowCount(1000);
    }
}
