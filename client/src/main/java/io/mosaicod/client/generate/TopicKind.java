package io.mosaicod.client.generate;

import java.util.Locale;

/**
 * The sensor streams the generator produces, with the serialization format and ontology tag the SDK would
 * declare for them.
 */
public enum TopicKind {
    /** Six float64 axes at 200 Hz. */
    IMU("imu", "default", "imu"),
    /** A nested position struct, nullable fields, 10 Hz. */
    GPS("gps", "default", "gps"),
    /** Ragged float lists, 10 Hz. */
    LIDAR("lidar/points", "ragged", "lidar"),
    /** Binary image blobs, 30 Hz. */
    CAMERA("camera/front", "image", "image"),
    /** String labels with nullable confidences, 2 Hz. */
    LABELS("perception/labels", "default", "label");

    private final String path;
    private final String serializationFormat;
    private final String ontologyTag;

    TopicKind(String path, String serializationFormat, String ontologyTag) {
        this.path = path;
        this.serializationFormat = serializationFormat;
        this.ontologyTag = ontologyTag;
    }

    /** The topic path within a sequence, e.g. {@code camera/front}. */
    public String path() {
        return path;
    }

    public String serializationFormat() {
        return serializationFormat;
    }

    public String ontologyTag() {
        return ontologyTag;
    }

    /** Parses a kind name as a command line would spell it ({@code imu}, {@code camera}...). */
    public static TopicKind parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown topic kind '" + name + "'; use one of imu, gps, lidar, "
                    + "camera, labels");
        }
    }

    TopicModel model(GeneratorSpec spec) {
        return switch (this) {
            case IMU -> new ImuModel();
            case GPS -> new GpsModel();
            case LIDAR -> new LidarModel(spec.lidarMaxPoints());
            case CAMERA -> new CameraModel(spec.imageBytes());
            case LABELS -> new LabelModel();
        };
    }
}
