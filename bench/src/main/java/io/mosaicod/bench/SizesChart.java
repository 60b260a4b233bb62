package io.mosaicod.bench;

import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
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
    private static final Color MOSAICOD = new Color(0xC0392B);
    private static final Color DUCKDB = new Color(0x2E6DB4);

    private SizesChart() {
    }

    static void write(List<SizesBenchmark.Size> sizes, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true"); // no display on a build machine
        NumberAxis size = new NumberAxis("topic size (GB of Parquet chunks)");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(size);
        plot.setGap(12);
        XYPlot time = panel(sizes, "median wall time (s)", OptimizerBenchmark.Trials::medianSeconds);
        plot.add(time);
        plot.add(panel(sizes, "median peak RSS (MB)", OptimizerBenchmark.Trials::medianRssMB));
        plot.setFixedLegendItems(time.getLegendItems()); // both panels have the same two series: list them once
        JFreeChart chart = new JFreeChart("store-optimizer vs DuckDB (1 thread), overlapping topics",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
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
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setSeriesPaint(0, MOSAICOD);
        renderer.setSeriesPaint(1, DUCKDB);
        renderer.setSeriesShape(0, new Rectangle2D.Double(-3, -3, 6, 6)); // same marks in both panels
        renderer.setSeriesShape(1, new Ellipse2D.Double(-3, -3, 6, 6));
        XYPlot plot = new XYPlot(data, null, new NumberAxis(label), renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }
}
