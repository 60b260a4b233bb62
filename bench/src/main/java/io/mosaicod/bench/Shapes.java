package io.mosaicod.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape matrix's rows: flat (the older scenarios' rows), IMU, joint states, point cloud, detections,
 * image blobs and a mixed-width topic. (Not in {@link Shape} itself: the flat shape's instance would be
 * read while the interface initialises.)
 */
final class Shapes {
    static final List<Shape> ALL = List.of(FlatShape.INSTANCE, new ImuShape(), new JointStatesShape(),
            new PointCloudShape(), new DetectionsShape(), new ImageShape(), new MixedWidthShape());

    private Shapes() {
    }

    static Shape named(String name) {
        for (Shape shape : ALL) {
            if (shape.name().equals(name)) {
                return shape;
            }
        }
        throw new IllegalArgumentException("unknown shape '" + name + "'; known: " + names(ALL));
    }

    /** The shapes a comma-separated option names, in matrix order; null or blank for all. */
    static List<Shape> select(String option) {
        if (option == null || option.isBlank()) {
            return ALL;
        }
        List<Shape> chosen = new ArrayList<>();
        for (String name : option.split(",")) {
            chosen.add(named(name.trim()));
        }
        return ALL.stream().filter(chosen::contains).toList();
    }

    static String names(List<Shape> shapes) {
        return String.join(",", shapes.stream().map(Shape::name).toList());
    }
}
