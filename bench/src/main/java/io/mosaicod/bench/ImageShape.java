package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A camera's compressed frames at 30 Hz, the {@code image} serialization format: header, {@code width},
 * {@code height} (uint32), {@code encoding} (utf8) and {@code data}, a JPEG-sized blob of 50–300 KB whose
 * bytes after a fixed JPEG-like preamble are random (compressed images do not compress again). ~175 KB per
 * row, 3 rows per chunk.
 */
final class ImageShape implements Shape {
    private static final int MIN_BYTES = 50_000;
    private static final int MAX_BYTES = 300_000;
    private static final byte[] FRAME = ShapeFields.utf8("camera_front_optical");
    private static final byte[] ENCODING = ShapeFields.utf8("jpeg");
    /** Start of image, a JFIF segment and quantisation-table-sized constant bytes: the same in every frame. */
    private static final byte[] PREAMBLE = preamble();

    @Override
    public String name() {
        return "image";
    }

    @Override
    public String serializationFormat() {
        return "image";
    }

    @Override
    public Schema schema() {
        return new Schema(List.of(ShapeFields.timestamp(), ShapeFields.header(),
                ShapeFields.required("width", ShapeFields.UINT32), ShapeFields.required("height", ShapeFields.UINT32),
                ShapeFields.required("encoding", ArrowType.Utf8.INSTANCE),
                ShapeFields.required("data", ArrowType.Binary.INSTANCE)));
    }

    @Override
    public int rowsPerChunk() {
        return 3;
    }

    @Override
    public long periodNs() {
        return 33_333_333L;
    }

    @Override
    public int generation() {
        return 1;
    }

    @Override
    public void fill(VectorSchemaRoot root, Random random, long[] timestamps) {
        int rows = timestamps.length;
        ShapeFields.fillTimestamps((BigIntVector) root.getVector("timestamp_ns"), timestamps);
        ShapeFields.fillHeader((StructVector) root.getVector("header"), timestamps, FRAME);
        UInt4Vector width = (UInt4Vector) root.getVector("width");
        UInt4Vector height = (UInt4Vector) root.getVector("height");
        VarCharVector encoding = (VarCharVector) root.getVector("encoding");
        VarBinaryVector data = (VarBinaryVector) root.getVector("data");
        width.allocateNew(rows);
        height.allocateNew(rows);
        encoding.allocateNew((long) ENCODING.length * rows, rows);
        data.allocateNew((long) rows * (MIN_BYTES + MAX_BYTES) / 2, rows);
        byte[] frame = new byte[MAX_BYTES];
        System.arraycopy(PREAMBLE, 0, frame, 0, PREAMBLE.length);
        for (int r = 0; r < rows; r++) {
            width.set(r, 1280);
            height.set(r, 720);
            encoding.set(r, ENCODING);
            int size = MIN_BYTES + random.nextInt(MAX_BYTES - MIN_BYTES + 1);
            byte[] noise = new byte[size - PREAMBLE.length];
            random.nextBytes(noise);
            System.arraycopy(noise, 0, frame, PREAMBLE.length, noise.length);
            data.setSafe(r, frame, 0, size);
        }
        root.setRowCount(rows);
    }

    private static byte[] preamble() {
        byte[] bytes = new byte[620];
        byte[] jfif = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0,
            1, 0, 1, 0, 0};
        System.arraycopy(jfif, 0, bytes, 0, jfif.length);
        for (int i = jfif.length; i < bytes.length; i++) {
            bytes[i] = (byte) (1 + i % 64 * 3 / 2); // quantisation-table-like steps
        }
        return bytes;
    }
}
