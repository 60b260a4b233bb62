package io.mosaicod.format;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Recognizes the standard 3-level LIST and MAP group shapes (anything else is reported, not guessed), and cuts
 * schemas down to some of their columns.
 */
final class ParquetSchemaShapes {

    private ParquetSchemaShapes() {
    }

    /** The element of {@code group (LIST) { repeated group list { element } }}. */
    static Type listElement(GroupType list, String path, String chunkName) throws ChunkFormatException {
        if (list.getFieldCount() == 1 && !list.getType(0).isPrimitive()
                && list.getType(0).isRepetition(Repetition.REPEATED)
                && list.getType(0).asGroupType().getFieldCount() == 1) {
            return list.getType(0).asGroupType().getType(0);
        }
        throw new ChunkFormatException(chunkName, "column '" + path
                + "' is a LIST group of a legacy shape (only the 3-level list is supported): " + list);
    }

    /** The key-value group of {@code group (MAP) { repeated group key_value { key; value } }}. */
    static GroupType mapKeyValue(GroupType map, String path, String chunkName) throws ChunkFormatException {
        if (map.getFieldCount() == 1 && !map.getType(0).isPrimitive()
                && map.getType(0).isRepetition(Repetition.REPEATED)
                && map.getType(0).asGroupType().getFieldCount() == 2) {
            return map.getType(0).asGroupType();
        }
        throw new ChunkFormatException(chunkName, "column '" + path + "' is a MAP group of an unsupported shape: "
                + map);
    }

    /**
     * The top-level fields of {@code schema} cut down to the leaf columns at {@code paths}: groups keep their
     * repetition and annotation, so the kept columns have the same levels as in the whole schema.
     */
    static List<Type> keepOnly(GroupType schema, List<List<String>> paths) {
        List<Type> kept = new ArrayList<>();
        for (Type field : schema.getFields()) {
            Type pruned = keepOnly(field, List.of(field.getName()), paths);
            if (pruned != null) {
                kept.add(pruned);
            }
        }
        return kept;
    }

    private static Type keepOnly(Type type, List<String> path, List<List<String>> paths) {
        if (type.isPrimitive()) {
            return paths.contains(path) ? type : null;
        }
        List<Type> children = new ArrayList<>();
        for (Type child : type.asGroupType().getFields()) {
            List<String> childPath = new ArrayList<>(path);
            childPath.add(child.getName());
            Type pruned = keepOnly(child, childPath, paths);
            if (pruned != null) {
                children.add(pruned);
            }
        }
        return children.isEmpty() ? null : type.asGroupType().withNewFields(children);
    }
}
