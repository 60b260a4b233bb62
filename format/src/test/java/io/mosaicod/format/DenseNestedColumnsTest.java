package io.mosaicod.format;

import io.mosaicod.core.io.InMemorySource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Structs and fixed-size lists (nested ones too), and lists of structs, without nulls take the encoder's and the
 * decoder's bulk paths,
 * whose pages hold many rows of identical levels: they read back exactly across page boundaries, next to a
 * batch with nulls (the per-entry paths) in the same chunk.
 */
class DenseNestedColumnsTest {
    private static final ArrowType F64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("pose", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                    new Field("x", FieldType.nullable(F64), null),
                    new Field("covariance", FieldType.notNullable(new ArrowType.FixedSizeList(9)),
                            List.of(new Field("item", FieldType.notNullable(F64), null))))),
            new Field("grid", FieldType.nullable(new ArrowType.FixedSizeList(3)), List.of(
                    new Field("row", FieldType.nullable(new ArrowType.FixedSizeList(2)),
                            List.of(new Field("item", FieldType.nullable(new ArrowType.Int(32, true)), null))))),
            new Field("points", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                    new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                            new Field("x", FieldType.notNullable(F64), null),
                            new Field("y", FieldType.nullable(F64), null)))))));

    @Test
    void denseAndSparseBatchesOfNestedFixedShapesRoundTripAcrossPages() throws IOException {
        try (BufferAllocator allocator = new RootAllocator()) {
            List<VectorSchemaRoot> written = new ArrayList<>();
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            try (ChunkWriter writer = ChunkWriter.open(file, "dense", SCHEMA, WriterProfile.RAGGED)) {
                for (boolean nulls : new boolean[] {false, true, false}) {
                    VectorSchemaRoot batch = batch(allocator, 45_000, nulls);
                    written.add(batch);
                    writer.write(batch);
                }
                writer.finish();
            }
            try {
                RowCursor expected = new RowCursor(written);
                try (ChunkReader reader = ChunkReader.open(new InMemorySource("dense", file.toByteArray()), allocator,
                        ChunkReadOptions.all().withBatchRows(7_777))) {
                    while (reader.loadNextBatch()) {
                        expected.assertNextRowsEqual(reader.root(), "dense nested columns");
                    }
                }
                expected.assertExhausted();
            } finally {
                written.forEach(VectorSchemaRoot::close);
            }
        }
    }

    private static VectorSchemaRoot batch(BufferAllocator allocator, int rows, boolean nulls) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        BigIntVector ts = (BigIntVector) root.getVector(0);
        StructVector pose = (StructVector) root.getVector(1);
        Float8Vector x = (Float8Vector) pose.getChild("x");
        FixedSizeListVector covariance = (FixedSizeListVector) pose.getChild("covariance");
        Float8Vector cells = (Float8Vector) covariance.getDataVector();
        FixedSizeListVector grid = (FixedSizeListVector) root.getVector(2);
        FixedSizeListVector gridRows = (FixedSizeListVector) grid.getDataVector();
        IntVector items = (IntVector) gridRows.getDataVector();
        for (int r = 0; r < rows; r++) {
            ts.setSafe(r, r);
            boolean nullPose = nulls && r % 7 == 3;
            if (nullPose) {
                pose.setNull(r);
            } else {
                pose.setIndexDefined(r);
            }
            if (nulls && r % 5 == 1) {
                x.setNull(r);
            } else {
                x.setSafe(r, r * 0.5);
            }
            covariance.setNotNull(r);
            for (int i = 0; i < 9; i++) {
                cells.setSafe(r * 9 + i, r + i / 10.0);
            }
            if (nulls && r % 11 == 2) {
                grid.setNull(r);
            } else {
                grid.setNotNull(r);
            }
            for (int i = 0; i < 3; i++) {
                int slot = r * 3 + i;
                if (nulls && slot % 13 == 4) {
                    gridRows.setNull(slot);
                } else {
                    gridRows.setNotNull(slot);
                }
                for (int j = 0; j < 2; j++) {
                    if (nulls && (slot * 2 + j) % 17 == 5) {
                        items.setNull(slot * 2 + j);
                    } else {
                        items.setSafe(slot * 2 + j, slot * 2 + j);
                    }
                }
            }
        }
        ListVector points = (ListVector) root.getVector(3);
        StructVector point = (StructVector) points.getDataVector();
        Float8Vector px = (Float8Vector) point.getChild("x");
        Float8Vector py = (Float8Vector) point.getChild("y");
        int element = 0;
        for (int r = 0; r < rows; r++) {
            if (nulls && r % 9 == 4) {
                points.setNull(r);
                points.getOffsetBuffer().setInt((r + 1) * 4L, element);
                continue;
            }
            int n = r % 6 == 5 ? 0 : 1 + r % 4; // some empty lists in every batch
            points.startNewValue(r);
            for (int i = 0; i < n; i++, element++) {
                if (nulls && element % 10 == 7) {
                    point.setNull(element);
                } else {
                    point.setIndexDefined(element);
                }
                px.setSafe(element, element * 0.25);
                if (nulls && element % 8 == 3) {
                    py.setNull(element);
                } else {
                    py.setSafe(element, -element);
                }
            }
            points.endValue(r, n);
        }
        root.setRowCount(rows);
        return root;
    }
}
