package io.mosaicod.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The sizes scenario as a PNG: wall time (top panel) and peak RSS (bottom) against the topic's size, one
 * series for the optimizer and one for DuckDB. Sizes where a system failed are left out of its series.
 */
final class SizesChart {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 700;

    private SizesChart() {
    }

    static void write(List<SizesBenchmark.Size> sizes, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true"); // no display on a build machine
        NumberAxis size = new NumberAxis("topic size (GB of Parquet chunks)");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(size);
        plot.setGap(12);
        plot.add(panel(sizes, "median wall time (s)", OptimizerBenchmark.Trials::medianSeconds));
        plot.add(panel(sizes, "median peak RSS (MB)", OptimizerBenchmark.Trials::medianRssMB));
        JFreeChart chart = new JFreeChart("store-optimizer vs DuckDB (1 thread), overlapping topics",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }

    private static XYPlot panel(List<SizesBenchmark.Size> sizes, String label,
                                ToDoubleFunction<OptimizerBenchmark.Trials> value) {
        XYSeries ours = new XYSeries("mosaicod store-optimizer");
        XYSeries duck = new XYSeries("DuckDB COPY ORDER BY, 1 thread");
        for (SizesBenchmark.Size s : sizes) {
            double gigabytes = s.dataset().inputBytes() / 1e9;
            if (!s.optimizer().runs().isEmpty()) {
                ours.add(gigabytes, value.applyAsDouble(s.optimizer()));
            }
            if (!s.duckdb().runs().isEmpty()) {
                duck.add(gigabytes, value.applyAsDouble(s.duckdb()));
            }
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(ours);
        data.addSeries(duck);
        return new XYPlot(data, null, new NumberAxis(label), new XYLineAndShapeRenderer(true, true));
    }
}
