package io.mosaicod.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Scenario {@code shapes}: the optimizer against DuckDB on every selected {@link Shape} × {@link Variant},
 * each a ~1 GB topic (small scale: a tenth) the harness generates itself.
 */
final class ShapeBenchmark {
    /** Chunks of the ~1 GB topics (small scale: a tenth). */
    static final int CHUNKS_FULL = 2000;
    static final int CHUNKS_SMALL = 200;
    /** Chunks of the ~2 GB overlapping topics of the memory check (small scale: a tenth). */
    static final int MEMORY_CHUNKS_FULL = 4000;
    static final int MEMORY_CHUNKS_SMALL = 400;

    private ShapeBenchmark() {
    }

    /**
     * The dataset of {@code shape} × {@code variant} with {@code chunks} chunks. The flat shape's overlapping
     * topic is the older scenarios' own ({@link BenchDataset#overlapping}), generated once for both.
     */
    static BenchDataset.Spec spec(Shape shape, Variant variant, int chunks) {
        if (shape == FlatShape.INSTANCE && variant == Variant.OVERLAPPING) {
            return BenchDataset.overlapping(chunks);
        }
        return new BenchDataset.Spec(shape.name() + "-" + variant.option() + "-" + chunks, chunks, shape.rowsPerChunk(),
                variant.overlap(), 1, 1, shape, variant.disorder());
    }

    /** The datasets a run of the selection uses: each shape × variant, then (with {@code memory}) the larger ones. */
    static List<BenchDataset.Spec> specs(List<Shape> shapes, List<Variant> variants, boolean full, boolean memory) {
        List<BenchDataset.Spec> specs = new ArrayList<>();
        for (Shape shape : shapes) {
            for (Variant variant : variants) {
                specs.add(spec(shape, variant, full ? CHUNKS_FULL : CHUNKS_SMALL));
            }
        }
        if (memory) {
            for (Shape shape : shapes) {
                specs.add(spec(shape, Variant.OVERLAPPING, full ? MEMORY_CHUNKS_FULL : MEMORY_CHUNKS_SMALL));
            }
        }
        return specs;
    }

    /** {@code --prepare-only true}: generates (or finds) the datasets and prints where they are and their size. */
    static List<BenchDataset> prepare(Path work, List<BenchDataset.Spec> specs) throws Exception {
        List<BenchDataset> datasets = new ArrayList<>();
        for (BenchDataset.Spec spec : specs) {
            datasets.add(BenchDataset.prepare(work, spec));
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-34s %-12s %7s %11s %11s %10s  %s%n", "dataset", "shape", "chunks", "Parquet MB",
                "Arrow MB", "rows", "folder (topic " + "bench/<dataset>, store/ and mosaico.db inside)");
        for (BenchDataset d : datasets) {
            System.out.printf(Locale.ROOT, "%-34s %-12s %7d %11.1f %11.1f %10d  %s%n", d.spec().name(),
                    d.spec().shape().name(), d.chunkFiles().size(), d.inputBytes() / 1e6, d.arrowBytes() / 1e6,
                    d.rows(), d.dataDir());
        }
        return datasets;
    }
}
