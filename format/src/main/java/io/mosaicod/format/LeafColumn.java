package io.mosaicod.format;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.PrimitiveType;

/**
 * One Parquet leaf column and the chain of Arrow fields it sits under.
 *
 * @param nodes          the chain, from the top-level field ({@code nodes[0]}) down to the leaf
 * @param descriptor     the Parquet column
 * @param field          the Arrow leaf field
 * @param type           the Parquet primitive type
 * @param statisticsPath the dotted path its statistics are reported under
 * @param fieldPath      a path naming it unambiguously in error messages
 */
record LeafColumn(PathNode[] nodes, ColumnDescriptor descriptor, Field field, PrimitiveType type,
                  String statisticsPath, String fieldPath) {

    /** The repetition level's list: the depth of the list node whose elements repeat at {@code repetition}. */
    int listDepth(int repetition) {
        for (int k = 0; k < nodes.length; k++) {
            if (nodes[k].isList() && nodes[k].repetition == repetition) {
                return k;
            }
        }
        throw new IllegalArgumentException("no list at repetition level " + repetition + " in " + fieldPath);
    }

    /** The vectors of this column's chain in {@code root}, top-level first. */
    FieldVector[] vectors(VectorSchemaRoot root) {
        FieldVector[] vectors = new FieldVector[nodes.length];
        vectors[0] = root.getVector(nodes[0].ordinal);
        for (int k = 1; k < nodes.length; k++) {
            FieldVector parent = vectors[k - 1];
            vectors[k] = switch (nodes[k - 1].kind) {
                case STRUCT -> (FieldVector) ((StructVector) parent).getChildByOrdinal(nodes[k].ordinal);
                case LIST -> ((ListVector) parent).getDataVector();
                case LARGE_LIST -> ((LargeListVector) parent).getDataVector();
                case FIXED_SIZE_LIST -> ((FixedSizeListVector) parent).getDataVector();
                case LEAF -> throw new IllegalStateException("leaf with children in " + fieldPath);
            };
        }
        return vectors;
    }

    /**
     * For a chain of structs and fixed-size lists: fills {@code slotsPerRow} (each node's slots per row, the
     * product of the list sizes above it) and returns the repetition levels of one row's entries. Null when the
     * chain has a variable-length list, whose rows differ.
     */
    byte[] denseRowLevels(int[] slotsPerRow) {
        int slots = 1;
        for (int k = 0; k < nodes.length; k++) {
            if (nodes[k].kind == PathNode.Kind.LIST || nodes[k].kind == PathNode.Kind.LARGE_LIST) {
                return null;
            }
            slotsPerRow[k] = slots;
            if (nodes[k].kind == PathNode.Kind.FIXED_SIZE_LIST) {
                if (nodes[k].listSize == 0) {
                    return null; // an empty list's entry is not a value
                }
                slots = Math.multiplyExact(slots, nodes[k].listSize);
            }
        }
        byte[] levels = new byte[slots];
        for (int j = 1; j < slots; j++) {
            // the innermost list whose element index moves on at entry j gives its repetition level
            int q = j;
            for (int k = nodes.length - 1; k >= 0; k--) {
                if (nodes[k].kind != PathNode.Kind.FIXED_SIZE_LIST) {
                    continue;
                }
                if (q % nodes[k].listSize != 0) {
                    levels[j] = (byte) nodes[k].repetition;
                    break;
                }
                q /= nodes[k].listSize;
            }
        }
        return levels;
    }
}
