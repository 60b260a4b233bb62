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

    /** The owner of {@code field} built this many slots of it in this batch. */
    void record(PathNode field, int count) {
        slots[ids.get(field)] = count;
    }

    /** Another column below {@code field} counts this many slots of it in this batch: refuses a disagreement. */
    void check(PathNode field, int count, LeafColumn column) {
        int built = slots[ids.get(field)];
        if (built != count) {
            throw new IllegalStateException("column " + column.fieldPath() + " has " + count + " slots of a field "
                    + "that an earlier column gave " + built + " in the same batch");
        }
    }
}
