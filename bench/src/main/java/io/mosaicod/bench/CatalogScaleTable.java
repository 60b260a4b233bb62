package io.mosaicod.bench;

import java.util.List;
import java.util.Locale;

/**
 * The catalog-scale scenario's report: per deployment, how each catalog was built, then one row per operation with
 * its median at each size and, beside every larger size, its ratio to the smallest catalog and its growth exponent
 * {@code log(t_N / t_1) / log(N / N_1)} (0: constant, 1: linear in the catalog).
 */
final class CatalogScaleTable {
    private CatalogScaleTable() {
    }

    static String markdown(List<CatalogScaleBenchmark.Result> results) {
        StringBuilder md = new StringBuilder();
        for (CatalogScaleBenchmark.Result result : results) {
            List<CatalogScaleBenchmark.Size> sizes = result.sizes();
            md.append("#### ").append(result.deployment()).append("\n\n| catalog | bulk build | sequences | chunks |"
                    + " statistics rows | metadata rows | optimization runs |\n|---|---|---|---|---|---|---|\n");
            for (CatalogScaleBenchmark.Size size : sizes) {
                CatalogBuilder.Built b = size.built();
                md.append(String.format(Locale.ROOT, "| %,d topics | %.1f s | %,d | %,d | %,d | %,d | %,d |%n",
                        size.topics(), size.buildSeconds(), b.sequences(), b.chunkRows(), b.statisticsRows(),
                        b.metadataRows(), b.runRows()));
            }
            md.append("\n| operation |");
            for (int i = 0; i < sizes.size(); i++) {
                md.append(String.format(Locale.ROOT, " %,d topics |", sizes.get(i).topics()));
                if (i > 0) {
                    md.append(" × | exponent |");
                }
            }
            md.append("\n|---|").append("---|".repeat(3 * sizes.size() - 2)).append('\n');
            for (CatalogScaleBenchmark.Operation operation : CatalogScaleBenchmark.Operation.values()) {
                double smallest = sizes.get(0).median(operation);
                md.append("| ").append(operation.title).append(" | ").append(figure(operation, smallest)).append(" |");
                for (int i = 1; i < sizes.size(); i++) {
                    double t = sizes.get(i).median(operation);
                    md.append(String.format(Locale.ROOT, " %s | %.2f× | %.2f |", figure(operation, t), t / smallest,
                            exponent(smallest, t, sizes.get(0).topics(), sizes.get(i).topics())));
                }
                md.append('\n');
            }
            md.append('\n');
        }
        return md.toString();
    }

    /** One line per deployment for the console: the operations that grow most with the catalog. */
    static String summary(List<CatalogScaleBenchmark.Result> results) {
        StringBuilder text = new StringBuilder();
        for (CatalogScaleBenchmark.Result result : results) {
            List<CatalogScaleBenchmark.Size> sizes = result.sizes();
            CatalogScaleBenchmark.Size first = sizes.get(0);
            CatalogScaleBenchmark.Size last = sizes.get(sizes.size() - 1);
            text.append(String.format(Locale.ROOT, "catalog %s, %,d -> %,d topics:", result.deployment(),
                    first.topics(), last.topics()));
            for (CatalogScaleBenchmark.Operation operation : CatalogScaleBenchmark.Operation.values()) {
                double ratio = last.median(operation) / first.median(operation);
                if (ratio > 1.5) {
                    text.append(String.format(Locale.ROOT, " %s %.1f×;", operation.name().toLowerCase(Locale.ROOT),
                            ratio));
                }
            }
            text.append(" (others within 1.5×)\n");
        }
        return text.toString();
    }

    static double exponent(double smallest, double t, int smallestTopics, int topics) {
        return Math.log(t / smallest) / Math.log((double) topics / smallestTopics);
    }

    private static String figure(CatalogScaleBenchmark.Operation operation, double value) {
        if (operation.isMemory()) {
            return String.format(Locale.ROOT, "%.0f MB", value);
        }
        return value < 1 ? String.format(Locale.ROOT, "%.1f ms", value * 1000) : String.format(Locale.ROOT, "%.2f s",
                value);
    }
}
