package io.mosaicod.format;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Readies a reader's vectors for the next batch without zeroing their data. Arrow zeroes every buffer it
 * allocates or resets, and a batch's buffers are allocated anew whenever the reader's consumer took the last
 * batch's (a read sends them): a read of a point-cloud topic spent 19 % of the server's CPU zeroing memory that
 * the decoder then overwrote. The decoder writes every value, offset and validity bit of the slots it fills, but it
 * sets validity bits by OR-ing whole runs in, so the validity bitmaps are still zeroed (1/64 of a float64 column).
 * Each vector gets the capacity it had at the end of the previous batch ({@link #remember}).
 */
final class BatchVectors {
    private final List<FieldVector> topLevel;
    /** Every vector, parents before their children. */
    private final List<FieldVector> vectors = new ArrayList<>();
    /** Per vector, in {@link #vectors}' order: its slots, and its data bytes (variable-width ones). */
    private long[] slots = new long[0];
    private long[] dataBytes = new long[0];

    BatchVectors(List<FieldVector> topLevel) {
        this.topLevel = List.copyOf(topLevel);
        topLevel.forEach(this::collect);
    }

    private void collect(FieldVector vector) {
        vectors.add(vector);
        vector.getChildrenFromFields().forEach(this::collect);
    }

    /** Notes each vector's capacity once a batch is decoded: the next batch of the chunk needs about as much. */
    void remember() {
        if (slots.length != vectors.size()) {
            slots = new long[vectors.size()];
            dataBytes = new long[vectors.size()];
        }
        for (int i = 0; i < vectors.size(); i++) {
            FieldVector vector = vectors.get(i);
            slots[i] = vector.getValueCapacity();
            dataBytes[i] = vector instanceof BaseVariableWidthVector || vector instanceof BaseLargeVariableWidthVector
                    ? vector.getDataBuffer().capacity() : 0;
        }
    }

    /**
     * Empties every vector for the next batch: one that still holds its buffers keeps them (validity cleared), one
     * whose buffers were taken gets new ones as large as it had, data unzeroed.
     */
    void clear(BufferAllocator allocator) {
        for (int i = 0; i < vectors.size(); i++) {
            FieldVector vector = vectors.get(i);
            if (vector.getValidityBuffer().capacity() > 0) {
                vector.getValidityBuffer().setZero(0, vector.getValidityBuffer().capacity());
            } else if (i < slots.length && slots[i] > 0 && !(vector instanceof BitVector)) {
                load(vector, (int) slots[i], dataBytes[i], allocator);
            } else {
                vector.allocateNew();
            }
            startAtZero(vector);
        }
        for (FieldVector top : topLevel) {
            top.setValueCount(0); // down the tree: lists and structs pass 0 to their children
        }
    }

    /**
     * Gives {@code vector} (not its children) buffers for {@code slots} slots: a node of length = null count has
     * Arrow allocate a zeroed validity bitmap; offsets and data are fresh and unzeroed.
     */
    private static void load(FieldVector vector, int slots, long dataBytes, BufferAllocator allocator) {
        List<ArrowBuf> buffers = new ArrayList<>();
        buffers.add(allocator.getEmpty()); // validity: replaced by a zeroed one for an all-null node
        if (vector instanceof BaseFixedWidthVector fixed) {
            buffers.add(allocator.buffer((long) slots * fixed.getTypeWidth()));
        } else if (vector instanceof BaseVariableWidthVector) {
            buffers.add(allocator.buffer(4L * (slots + 1)));
            buffers.add(allocator.buffer(Math.max(1, dataBytes)));
        } else if (vector instanceof BaseLargeVariableWidthVector) {
            buffers.add(allocator.buffer(8L * (slots + 1)));
            buffers.add(allocator.buffer(Math.max(1, dataBytes)));
        } else if (vector instanceof ListVector) {
            buffers.add(allocator.buffer(4L * (slots + 1)));
        } else if (vector instanceof LargeListVector) {
            buffers.add(allocator.buffer(8L * (slots + 1)));
        } else if (!(vector instanceof StructVector || vector instanceof FixedSizeListVector)) {
            vector.setInitialCapacity(slots);
            vector.allocateNew();
            return;
        }
        try {
            vector.loadFieldBuffers(new ArrowFieldNode(slots, slots), buffers);
        } finally {
            for (int b = 1; b < buffers.size(); b++) {
                buffers.get(b).close(); // the vector retained what it keeps
            }
        }
    }

    /** A variable-width or list vector's first offset is 0: what the next batch's first slot starts at. */
    private static void startAtZero(FieldVector vector) {
        if (vector instanceof BaseVariableWidthVector || vector instanceof ListVector) {
            vector.getOffsetBuffer().setInt(0, 0);
        } else if (vector instanceof BaseLargeVariableWidthVector || vector instanceof LargeListVector) {
            vector.getOffsetBuffer().setLong(0, 0);
        }
    }
}
