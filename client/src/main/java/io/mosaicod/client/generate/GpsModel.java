package io.mosaicod.client.generate;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A GNSS receiver at 10 Hz: a nested position struct, fix quality (sometimes unknown) and satellites. */
final class GpsModel implements TopicModel {

    @Override
    public Schema schema() {
        ArrowType dbl = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
        ArrowType flt = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        return new Schema(List.of(
                Fields.timestamp(),
                Fields.struct("position", false, "WGS84 position of the antenna", List.of(
                        Fields.leaf("latitude", dbl, false, "Latitude", "unit", "deg"),
                        Fields.leaf("longitude", dbl, false, "Longitude", "unit", "deg"),
                        Fields.leaf("altitude", flt, true, "Height above the ellipsoid", "unit", "m"))),
                Fields.leaf("fix_quality", new ArrowType.Int(32, true), true, "NMEA fix quality, null when unknown"),
                Fields.leaf("satellites", new ArrowType.Int(16, true), false, "Satellites in view")),
                Map.of("sensor_frame", "gps_antenna", "datum", "WGS84"));
    }

    @Override
    public long periodNs() {
        return 100_000_000L;
    }

    @Override
    public void fill(VectorSchemaRoot root, long[] timestamps, SplittableRandom random) {
        int rows = timestamps.length;
        BigIntVector ts = (BigIntVector) root.getVector(Fields.TIMESTAMP);
        StructVector position = (StructVector) root.getVector("position");
        Float8Vector latitude = (Float8Vector) position.getChild("latitude");
        Float8Vector longitude = (Float8Vector) position.getChild("longitude");
        Float4Vector altitude = (Float4Vector) position.getChild("altitude");
        IntVector fix = (IntVector) root.getVector("fix_quality");
        SmallIntVector satellites = (SmallIntVector) root.getVector("satellites");
        root.allocateNew();
        double lat = 45.07 + random.nextDouble() * 0.01;
        double lon = 7.68 + random.nextDouble() * 0.01;
        for (int r = 0; r < rows; r++) {
            ts.setSafe(r, timestamps[r]);
            position.setIndexDefined(r);
            lat += random.nextGaussian() * 1e-6;
            lon += random.nextGaussian() * 1e-6;
            latitude.setSafe(r, lat);
            longitude.setSafe(r, lon);
            if (random.nextInt(50) == 0) {
                altitude.setNull(r);
            } else {
                altitude.setSafe(r, (float) (240 + random.nextGaussian()));
            }
            if (random.nextInt(20) == 0) {
                fix.setNull(r);
            } else {
                fix.setSafe(r, 1 + random.nextInt(5));
            }
            satellites.setSafe(r, (short) (6 + random.nextInt(10)));
        }
        position.setValueCount(rows);
        root.setRowCount(rows);
    }
}
