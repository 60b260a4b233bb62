package io.mosaicod.bench;

import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A vehicle-status topic at 50 Hz with one column of nearly every type the codec takes: bool, int8/16/32/64,
 * uint8/16/32/64, float32/64, decimal(18,4), date32, timestamp[µs, Europe/Rome], a short and a long utf8
 * (a code and a 100–1,500-character diagnostic line), fixed_size_binary(16), {@code map<utf8, float64>},
 * {@code list<list<int32>>} and a struct. Nulls at several levels: scalar columns (~3 %), a null struct and a
 * null field inside it, null and empty maps and null map values, null outer lists, null inner lists and
 * null elements. ~320 bytes of Parquet per row (~1 KB of Arrow).
 */
final class MixedWidthShape implements Shape {
    private static final byte[][] CODES = {ShapeFields.utf8("OK"), ShapeFields.utf8("WARN"),
        ShapeFields.utf8("ERROR"), ShapeFields.utf8("STALE")};
    private static final byte[][] KEYS = keys("wheel_fl", "wheel_fr", "wheel_rl", "wheel_rr", "motor_temp",
            "bus_voltage", "bus_current", "cpu_load", "gpu_load", "latency_ms", "queue_depth", "lidar_dropped");
    private static final byte[][] NODES = keys("planner", "controller", "localization", "perception");
    private static final int DAYS_2026 = 20454;

    @Override
    public String name() {
        return "mixed-width";
    }

    @Override
    public Schema schema() {
        Field metricsEntries = ShapeFields.required("entries", ArrowType.Struct.INSTANCE,
                ShapeFields.required("key", ArrowType.Utf8.INSTANCE), ShapeFields.optional("value", ShapeFields.FLOAT64));
        Field innerList = ShapeFields.optional("item", ArrowType.List.INSTANCE,
                ShapeFields.optional("item", new ArrowType.Int(32, true)));
        return new Schema(List.of(ShapeFields.timestamp(),
                ShapeFields.optional("engaged", ArrowType.Bool.INSTANCE),
                ShapeFields.optional("gear", new ArrowType.Int(8, true)),
                ShapeFields.optional("temperature_dc", new ArrowType.Int(16, true)),
                ShapeFields.optional("sequence", new ArrowType.Int(32, true)),
                ShapeFields.optional("odometer_mm", new ArrowType.Int(64, true)),
                ShapeFields.optional("battery_pct", new ArrowType.Int(8, false)),
                ShapeFields.optional("fault_mask", new ArrowType.Int(16, false)),
                ShapeFields.optional("uptime_s", ShapeFields.UINT32),
                ShapeFields.optional("message_id", new ArrowType.Int(64, false)),
                ShapeFields.optional("speed", ShapeFields.FLOAT32),
                ShapeFields.optional("latitude", ShapeFields.FLOAT64),
                ShapeFields.optional("energy_cost", new ArrowType.Decimal(18, 4, 128)),
                ShapeFields.optional("service_date", new ArrowType.Date(DateUnit.DAY)),
                ShapeFields.optional("event_time", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Rome")),
                ShapeFields.optional("code", ArrowType.Utf8.INSTANCE),
                ShapeFields.optional("message", ArrowType.Utf8.INSTANCE),
                ShapeFields.optional("trace_id", new ArrowType.FixedSizeBinary(16)),
                ShapeFields.optional("metrics", new ArrowType.Map(false), metricsEntries),
                ShapeFields.optional("polygons", ArrowType.List.INSTANCE, innerList),
                ShapeFields.optional("source", ArrowType.Struct.INSTANCE,
                        ShapeFields.required("node", ArrowType.Utf8.INSTANCE),
                        ShapeFields.optional("pid", new ArrowType.Int(32, true)))));
    }

    @Override
    public int rowsPerChunk() {
        return 1650;
    }

    @Override
    public long periodNs() {
        return 20_000_000L;
    }

    @Override
    public int generation() {
        return 1;
    }

    @Override
    public void fill(VectorSchemaRoot root, Random random, long[] timestamps) {
        int rows = timestamps.length;
        ShapeFields.fillTimestamps((BigIntVector) root.getVector("timestamp_ns"), timestamps);
        for (int c = 1; c < root.getFieldVectors().size(); c++) {
            ShapeFields.allocate(root.getVector(c), rows);
        }
        fillScalars(root, random, timestamps);
        fillText(root, random, rows);
        fillMetrics((MapVector) root.getVector("metrics"), random, rows);
        fillPolygons((ListVector) root.getVector("polygons"), random, rows);
        fillSource((StructVector) root.getVector("source"), random, rows);
        root.setRowCount(rows);
    }

    private static boolean drawNull(Random random, int percent) {
        return random.nextInt(100) < percent;
    }

    private static void fillScalars(VectorSchemaRoot root, Random random, long[] timestamps) {
        BitVector engaged = (BitVector) root.getVector("engaged");
        TinyIntVector gear = (TinyIntVector) root.getVector("gear");
        SmallIntVector temperature = (SmallIntVector) root.getVector("temperature_dc");
        IntVector sequence = (IntVector) root.getVector("sequence");
        BigIntVector odometer = (BigIntVector) root.getVector("odometer_mm");
        UInt1Vector battery = (UInt1Vector) root.getVector("battery_pct");
        UInt2Vector faults = (UInt2Vector) root.getVector("fault_mask");
        UInt4Vector uptime = (UInt4Vector) root.getVector("uptime_s");
        UInt8Vector messageId = (UInt8Vector) root.getVector("message_id");
        Float4Vector speed = (Float4Vector) root.getVector("speed");
        Float8Vector latitude = (Float8Vector) root.getVector("latitude");
        DecimalVector cost = (DecimalVector) root.getVector("energy_cost");
        DateDayVector serviceDate = (DateDayVector) root.getVector("service_date");
        TimeStampMicroTZVector eventTime = (TimeStampMicroTZVector) root.getVector("event_time");
        FixedSizeBinaryVector traceId = (FixedSizeBinaryVector) root.getVector("trace_id");
        byte[] trace = new byte[16];
        for (int r = 0; r < timestamps.length; r++) {
            long t = timestamps[r];
            long seconds = t / 1_000_000_000L;
            engaged.set(r, random.nextInt(20) == 0 ? 0 : 1);
            if (drawNull(random, 3)) {
                gear.setNull(r);
            } else {
                gear.set(r, (byte) (random.nextInt(8) - 1));
            }
            temperature.set(r, (short) (350 + random.nextInt(200)));
            sequence.set(r, (int) (t / 20_000_000L));
            odometer.set(r, seconds * 8_300L + random.nextInt(1000));
            if (drawNull(random, 3)) {
                battery.setNull(r);
            } else {
                battery.set(r, (byte) (100 - (int) (seconds % 86_400 / 900)));
            }
            faults.set(r, (char) (random.nextInt(50) == 0 ? 1 << random.nextInt(16) : 0));
            uptime.set(r, (int) (seconds % 1_000_000));
            messageId.set(r, t ^ 0x9E3779B97F4A7C15L);
            if (drawNull(random, 3)) {
                speed.setNull(r);
            } else {
                speed.set(r, 2.3f + random.nextFloat());
            }
            latitude.set(r, random.nextInt(500) == 0 ? Double.NaN : 45.4642 + random.nextGaussian() * 1e-4);
            if (drawNull(random, 3)) {
                cost.setNull(r);
            } else {
                cost.set(r, 1_000L + random.nextInt(10_000_000));
            }
            serviceDate.set(r, DAYS_2026 - random.nextInt(400));
            eventTime.set(r, t / 1000 - random.nextInt(5000));
            if (drawNull(random, 3)) {
                traceId.setNull(r);
            } else {
                random.nextBytes(trace);
                traceId.set(r, trace);
            }
        }
    }

    private static void fillText(VectorSchemaRoot root, Random random, int rows) {
        VarCharVector code = (VarCharVector) root.getVector("code");
        VarCharVector message = (VarCharVector) root.getVector("message");
        byte[] line = new byte[1600];
        for (int r = 0; r < rows; r++) {
            if (drawNull(random, 3)) {
                code.setNull(r);
            } else {
                code.setSafe(r, CODES[random.nextInt(8) == 0 ? 1 + random.nextInt(3) : 0]);
            }
            if (drawNull(random, 3)) {
                message.setNull(r);
                continue;
            }
            int target = 100 + random.nextInt(1401);
            int length = 0;
            while (length < target) { // "key=value key=value ...": a diagnostic dump
                byte[] key = KEYS[random.nextInt(KEYS.length)];
                System.arraycopy(key, 0, line, length, key.length);
                length += key.length;
                line[length++] = '=';
                length = digits(line, length, random.nextInt(100_000));
                line[length++] = ' ';
            }
            message.setSafe(r, line, 0, Math.min(length, target));
        }
    }

    /** Writes {@code value}'s decimal digits at {@code at}; returns the position after them. */
    private static int digits(byte[] into, int at, int value) {
        int end = at + (value == 0 ? 1 : (int) Math.log10(value) + 1);
        int v = value;
        for (int i = end - 1; i >= at; i--) {
            into[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return end;
    }

    private static void fillMetrics(MapVector metrics, Random random, int rows) {
        StructVector entries = (StructVector) metrics.getDataVector();
        VarCharVector key = (VarCharVector) entries.getChild("key");
        Float8Vector value = (Float8Vector) entries.getChild("value");
        int item = 0;
        for (int r = 0; r < rows; r++) {
            int draw = random.nextInt(100);
            if (draw < 5) {
                metrics.setNull(r);
                continue;
            }
            int count = draw < 15 ? 0 : 1 + random.nextInt(8);
            metrics.startNewValue(r);
            int first = random.nextInt(KEYS.length);
            for (int e = 0; e < count; e++) {
                key.setSafe(item, KEYS[(first + e) % KEYS.length]);
                if (drawNull(random, 10)) {
                    value.setNull(item);
                } else {
                    value.setSafe(item, random.nextDouble() * 100);
                }
                entries.setIndexDefined(item);
                item++;
            }
            metrics.endValue(r, count);
        }
    }

    private static void fillPolygons(ListVector polygons, Random random, int rows) {
        ListVector polygon = (ListVector) polygons.getDataVector();
        IntVector vertices = (IntVector) polygon.getDataVector();
        int inner = 0;
        int item = 0;
        for (int r = 0; r < rows; r++) {
            if (drawNull(random, 5)) {
                polygons.setNull(r);
                continue;
            }
            int count = random.nextInt(5);
            polygons.startNewValue(r);
            for (int p = 0; p < count; p++) {
                if (drawNull(random, 10)) {
                    polygon.setNull(inner++);
                    continue;
                }
                int size = random.nextInt(7);
                polygon.startNewValue(inner);
                for (int v = 0; v < size; v++) {
                    if (drawNull(random, 5)) {
                        vertices.setNull(item++);
                    } else {
                        vertices.setSafe(item++, random.nextInt(4096));
                    }
                }
                polygon.endValue(inner++, size);
            }
            polygons.endValue(r, count);
        }
    }

    private static void fillSource(StructVector source, Random random, int rows) {
        VarCharVector node = (VarCharVector) source.getChild("node");
        IntVector pid = (IntVector) source.getChild("pid");
        for (int r = 0; r < rows; r++) {
            if (drawNull(random, 4)) {
                source.setNull(r);
                continue;
            }
            node.setSafe(r, NODES[random.nextInt(NODES.length)]);
            if (drawNull(random, 20)) {
                pid.setNull(r);
            } else {
                pid.set(r, 1000 + random.nextInt(30_000));
            }
            source.setIndexDefined(r);
        }
    }

    private static byte[][] keys(String... names) {
        byte[][] bytes = new byte[names.length][];
        for (int i = 0; i < names.length; i++) {
            bytes[i] = ShapeFields.utf8(names[i]);
        }
        return bytes;
    }
}
