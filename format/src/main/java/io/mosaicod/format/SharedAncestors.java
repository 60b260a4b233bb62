package io.mosaicod.format;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The struct and list fields that several leaf columns of a chunk lie below (a point cloud's list of points
 * above its x, y, z and intensity columns). Every such column's levels describe the same validity and offsets
 * of those fields, so in each batch only the first column read below a field — its owner — builds them; the
 * others only count the field's slots, and the counts must agree: a file whose columns disagree would otherwise
 * leave offsets that point past the values a column holds.
 */
final class SharedAncestors {
    /** Each field's first column in reading order. */
    private final Map<PathNode, LeafColumn> owners = new IdentityHashMap<>();
    private final Map<PathNode, Integer> ids = new IdentityHashMap<>();
    /** Per field, the slots its owner built in the current batch. */
    private final int[] slots;

    /** The fields above {@code columns}, which a batch reads in this order. */
    SharedAncestors(List<LeafColumn> columns) {
        for (LeafColumn column : columns) {
            PathNode[] nodes = column.nodes();
            for (int k = 0; k < nodes.length - 1; k++) {
                owners.putIfAbsent(nodes[k], column);
                ids.putIfAbsent(nodes[k], ids.size());
            }
        }
        slots = new int[ids.size()];
    }

    /** Per node of {@code column}'s chain, whether the column builds it: it owns every field it is the first below. */
    boolean[] built(LeafColumn column) {
        PathNode[] nodes = column.nodes();
        boolean[] built = new boolean[nodes.length];
        for (int k = 0; k < nodes.length; k++) {
            built[k] = k == nodes.length - 1 || owners.get(nodes[k]) == column;
        }
        return built;
    }

    /**
     * After a batch of {@code column}: records the slots of each field above it that it built ({@code built},
     * from {@link #built}) and checks its counts of the others against what their owners built.
     */
    void settle(LeafColumn column, boolean[] built, int[] counts) {
        PathNode[] nodes = column.nodes();
        for (int k = 0; k < nodes.length - 1; k++) {
            int id = ids.get(nodes[k]);
            if (built[k]) {
                slots[id] = counts[k];
            } else if (slots[id] != counts[k]) {
                throw new IllegalStateException("column " + column.fieldPath() + " has " + counts[k] + " slots of a "
                        + "field that an earlier column gave " + slots[id] + " in the same batch");
            }
        }
    }
}
