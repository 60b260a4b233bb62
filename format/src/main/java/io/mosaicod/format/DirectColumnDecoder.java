package io.mosaicod.format;

import java.io.IOException;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Decodes a leaf column's PLAIN v1 pages straight from the column chunk's bytes into the Arrow vectors of its
 * chain, in bulk, without parquet-java's per-value readers.
 */
interface DirectColumnDecoder {

    /**
     * Starts on a column chunk held in {@code bytes[offset, offset + length)}, which the caller keeps intact
     * until the row group is done.
     */
    void startRowGroup(byte[] bytes, int offset, int length, ColumnChunkMetaData chunk);

    /** Binds the next batch's vectors of the column's chain, top-level first; they are empty. */
    void bind(FieldVector[] chain);

    /** Reads up to {@code maxRows} top-level rows into the bound vectors from slot 0; returns how many. */
    int readRows(int maxRows) throws IOException;

    /** Returns pooled buffers for reuse by the next reader on this thread. */
    void release();

    /** The direct decoder of {@code column}, or null when its values need converting (or it has no bulk path). */
    static DirectColumnDecoder forColumn(LeafColumn column) {
        PlainLayout leaf = PlainLayout.ofLeaf(column);
        if (leaf == null) {
            return null;
        }
        if (column.nodes().length == 1) {
            return new PlainColumnDecoder(leaf.kind(), leaf.width(), column.descriptor().getMaxDefinitionLevel() == 1);
        }
        return new NestedColumnDecoder(column, leaf);
    }
}
