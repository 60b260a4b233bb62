package io.mosaicod.format;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;

/**
 * Writes one leaf column of Arrow batches as Parquet (repetition, definition, value) triples, walking the
 * vectors of its chain directly: validity bits, list offsets and leaf buffers, no row objects.
 */
final class ColumnShredder {

    private final LeafColumn column;
    private final PathNode[] nodes;
    private final LeafCodec codec;
    private FieldVector[] vectors;
    private ColumnWriter writer;

    ColumnShredder(LeafColumn column, LeafCodec codec) {
        this.column = column;
        this.nodes = column.nodes();
        this.codec = codec;
    }

    void bind(VectorSchemaRoot batch) {
        vectors = column.vectors(batch);
        codec.bind(vectors[vectors.length - 1]);
    }

    void bind(ColumnWriteStore store) {
        writer = store.getColumnWriter(column.descriptor());
    }

    /** Writes top-level rows {@code [from, to)} of the bound batch. */
    void writeRows(int from, int to) {
        if (nodes.length == 1) {
            writeFlat(from, to);
            return;
        }
        for (int i = from; i < to; i++) {
            writeSlot(0, i, 0, 0);
        }
    }

    private void writeFlat(int from, int to) {
        if (!nodes[0].optional) {
            for (int i = from; i < to; i++) {
                codec.write(writer, i, 0, 0);
            }
            return;
        }
        ArrowBuf validity = vectors[0].getValidityBuffer();
        for (int i = from; i < to; i++) {
            if (BitVectorHelper.get(validity, i) == 0) {
                writer.writeNull(0, 0);
                codec.noteNull();
            } else {
                codec.write(writer, i, 0, 1);
            }
        }
    }

    private void writeSlot(int depth, int index, int repetition, int parentDef) {
        PathNode node = nodes[depth];
        FieldVector vector = vectors[depth];
        if (node.optional && vector.isNull(index)) {
            writer.writeNull(repetition, parentDef);
            codec.noteNull();
            return;
        }
        int def = node.presentDef;
        switch (node.kind) {
            case LEAF -> codec.write(writer, index, repetition, def);
            case STRUCT -> writeSlot(depth + 1, index, repetition, def);
            default -> {
                long start;
                long end;
                switch (node.kind) {
                    case LIST -> {
                        ArrowBuf offsets = vector.getOffsetBuffer();
                        start = offsets.getInt(index * 4L);
                        end = offsets.getInt(index * 4L + 4);
                    }
                    case LARGE_LIST -> {
                        ArrowBuf offsets = vector.getOffsetBuffer();
                        start = offsets.getLong(index * 8L);
                        end = offsets.getLong(index * 8L + 8);
                    }
                    default -> {
                        start = (long) index * node.listSize;
                        end = start + node.listSize;
                    }
                }
                if (start == end) {
                    writer.writeNull(repetition, def);
                    return;
                }
                writeSlot(depth + 1, (int) start, repetition, node.elementDef);
                for (long j = start + 1; j < end; j++) {
                    writeSlot(depth + 1, (int) j, node.repetition, node.elementDef);
                }
            }
        }
    }
}
