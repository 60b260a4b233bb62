package io.mosaicod.client.generate;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A camera at 30 Hz: image-like binary blobs with their size and encoding (the {@code image} format). */
final class CameraModel implements TopicModel {
    private static final byte[] ENCODING = "rgb8".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private final int imageBytes;

    CameraModel(int imageBytes) {
        this.imageBytes = imageBytes;
    }

    @Override
    public Schema schema() {
        return new Schema(List.of(
                Fields.timestamp(),
                Fields.leaf("width", new ArrowType.Int(32, true), false, "Image width", "unit", "px"),
                Fields.leaf("height", new ArrowType.Int(32, true), false, "Image height", "unit", "px"),
                Fields.leaf("encoding", ArrowType.Utf8.INSTANCE, false, "Pixel encoding"),
                Fields.leaf("data", ArrowType.Binary.INSTANCE, false, "Raw pixels, row major")),
                Map.of("sensor_frame", "camera_front_optical", "distortion_model", "plumb_bob"));
    }

    @Override
    public long periodNs() {
        return 33_333_333L;
    }

    @Override
    public void fill(VectorSchemaRoot root, long[] timestamps, SplittableRandom random) {
        int rows = timestamps.length;
        BigIntVector ts = (BigIntVector) root.getVector(Fields.TIMESTAMP);
        IntVector width = (IntVector) root.getVector("width");
        IntVector height = (IntVector) root.getVector("height");
        VarCharVector encoding = (VarCharVector) root.getVector("encoding");
        VarBinaryVector data = (VarBinaryVector) root.getVector("data");
        root.allocateNew();
        int side = Math.max(1, (int) Math.sqrt(imageBytes / 3.0));
        byte[] pixels = new byte[imageBytes];
        for (int r = 0; r < rows; r++) {
            ts.setSafe(r, timestamps[r]);
            width.setSafe(r, side);
            height.setSafe(r, side);
            encoding.setSafe(r, ENCODING);
            random.nextBytes(pixels);
            data.setSafe(r, pixels);
        }
        root.setRowCount(rows);
    }
}
