package io.mosaicod.format;

import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Rebuilds the Arrow vectors of one leaf column's chain from its Parquet (repetition, definition, value)
 * triples. Each triple appends one slot at the depth its repetition level names and below, down to where
 * its definition level stops; a null struct or fixed-size list still gets (null) child slots, as Arrow
 * requires. Columns sharing an ancestor set the same validity and offsets in it, so the order in which
 * columns are assembled does not matter.
 */
final class ColumnAssembler {

    private final LeafColumn column;
    private final PathNode[] nodes;
    private final LeafCodec codec;
    private final int[] depthOfRepetition;
    private final int[] count;
    private final PlainColumnDecoder direct;
    private final SharedAncestors ancestors;
    private final boolean[] built;
    private boolean directChunk;
    private FieldVector[] vectors;
    private ColumnReader reader;
    private long remaining;

    /** {@code ancestors}: the fields this column shares with the chunk's other columns, read in the same batches. */
    ColumnAssembler(LeafColumn column, SharedAncestors ancestors) {
        this.column = column;
        this.ancestors = ancestors;
        this.built = ancestors.built(column);
        this.nodes = column.nodes();
        this.codec = LeafCodec.create(column.field(), column.type(), column.fieldPath());
        int maxRepetition = column.descriptor().getMaxRepetitionLevel();
        this.depthOfRepetition = new int[maxRepetition + 1];
        for (int r = 1; r <= maxRepetition; r++) {
            depthOfRepetition[r] = column.listDepth(r) + 1;
        }
        this.count = new int[nodes.length];
        this.direct = PlainColumnDecoder.forColumn(column, ancestors, built);
    }

    /** Whether this row group's chunk of the column can be decoded from its bytes by {@link PlainColumnDecoder}. */
    boolean decodesDirectly(BlockMetaData block) {
        return direct != null && DataPages.plainOnly(chunkOf(block));
    }

    /** Whether the current row group is decoded by {@link PlainColumnDecoder} (else by parquet-java). */
    boolean decodesDirectly() {
        return directChunk;
    }

    /** The ordinal of the top-level field the column lies in: columns of different ones share no vector. */
    int topLevelOrdinal() {
        return column.nodes()[0].ordinal;
    }

    /** Starts a row group whose chunk of this column is {@code bytes[offset, offset + length)}. */
    void startDirect(byte[] bytes, int offset, int length, ColumnChunkMetaData chunk) {
        directChunk = true;
        direct.startRowGroup(bytes, offset, length, chunk);
    }

    /** Starts a row group read through parquet-java's column readers. */
    void startShredded(ColumnReadStore store, BlockMetaData block) {
        directChunk = false;
        reader = store.getColumnReader(column.descriptor());
        remaining = chunkOf(block).getValueCount();
    }

    void release() {
        if (direct != null) {
            direct.release();
        }
    }

    ColumnDescriptor descriptor() {
        return column.descriptor();
    }

    ColumnChunkMetaData chunkOf(BlockMetaData block) {
        String[] path = column.descriptor().getPath();
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (Arrays.equals(chunk.getPath().toArray(), path)) {
                return chunk;
            }
        }
        throw new IllegalStateException("row group has no column chunk for " + column.fieldPath());
    }

    void startBatch(VectorSchemaRoot root) {
        vectors = column.vectors(root);
        codec.bind(vectors[vectors.length - 1]);
        if (direct != null) {
            direct.bind(vectors);
        }
        Arrays.fill(count, 0);
    }

    /** Reads up to {@code maxRows} top-level rows into the batch; returns how many were read. */
    int readRows(int maxRows) throws IOException {
        if (directChunk) {
            return direct.readRows(maxRows);
        }
        if (nodes.length == 1) {
            return readFlat(maxRows);
        }
        int rows = 0;
        while (remaining > 0) {
            int repetition = reader.getCurrentRepetitionLevel();
            if (repetition == 0) {
                if (rows == maxRows) {
                    break;
                }
                rows++;
            }
            append(depthOfRepetition[repetition], reader.getCurrentDefinitionLevel());
            reader.consume();
            remaining--;
        }
        ancestors.settle(column, built, count);
        return rows;
    }

    private int readFlat(int maxRows) {
        int present = nodes[0].presentDef;
        int rows = 0;
        while (rows < maxRows && remaining > 0) {
            if (reader.getCurrentDefinitionLevel() == present) {
                codec.read(reader, rows);
            } else {
                codec.readNull(rows);
            }
            reader.consume();
            remaining--;
            rows++;
        }
        return rows;
    }

    private void append(int depth, int def) {
        for (int k = depth; ; k++) {
            PathNode node = nodes[k];
            int index = count[k]++;
            if (k > 0) {
                extendList(k - 1);
            }
            if (def < node.presentDef) {
                appendNull(k, index);
                return;
            }
            switch (node.kind) {
                case LEAF -> {
                    codec.read(reader, index);
                    return;
                }
                case STRUCT -> ((StructVector) vectors[k]).setIndexDefined(index);
                case LIST -> {
                    ListVector list = (ListVector) vectors[k];
                    list.setNotNull(index);
                    list.getOffsetBuffer().setInt((index + 1) * 4L, count[k + 1]);
                }
                case LARGE_LIST -> {
                    LargeListVector list = (LargeListVector) vectors[k];
                    list.setNotNull(index);
                    list.getOffsetBuffer().setLong((index + 1) * 8L, count[k + 1]);
                }
                case FIXED_SIZE_LIST -> ((FixedSizeListVector) vectors[k]).setNotNull(index);
            }
            if (node.isList() && def < node.elementDef) {
                return; // an empty list
            }
        }
    }

    /** A new element was appended below the list at {@code depth}: move its current slot's end offset. */
    private void extendList(int depth) {
        PathNode list = nodes[depth];
        if (list.kind == PathNode.Kind.LIST) {
            vectors[depth].getOffsetBuffer().setInt((long) count[depth] * 4, count[depth + 1]);
        } else if (list.kind == PathNode.Kind.LARGE_LIST) {
            vectors[depth].getOffsetBuffer().setLong((long) count[depth] * 8, count[depth + 1]);
        }
    }

    /** Appends a null at {@code depth} and the child slots Arrow needs below it (struct and fixed-size list). */
    private void appendNull(int depth, int index) {
        PathNode node = nodes[depth];
        switch (node.kind) {
            case LEAF -> codec.readNull(index);
            case STRUCT -> {
                ((StructVector) vectors[depth]).setNull(index);
                appendNull(depth + 1, count[depth + 1]++);
            }
            case LIST -> {
                ListVector list = (ListVector) vectors[depth];
                list.setNull(index);
                list.getOffsetBuffer().setInt((index + 1) * 4L, count[depth + 1]);
            }
            case LARGE_LIST -> {
                LargeListVector list = (LargeListVector) vectors[depth];
                list.setNull(index);
                list.getOffsetBuffer().setLong((index + 1) * 8L, count[depth + 1]);
            }
            case FIXED_SIZE_LIST -> {
                ((FixedSizeListVector) vectors[depth]).setNull(index);
                for (int i = 0; i < node.listSize; i++) {
                    appendNull(depth + 1, count[depth + 1]++);
                }
            }
        }
    }
}
