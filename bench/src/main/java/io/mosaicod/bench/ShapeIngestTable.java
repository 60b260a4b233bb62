package io.mosaicod.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The shape matrix's ingestion: how fast each shape × variant went in through DoPut when its dataset was
 * generated ({@link DatasetUpload}), one table for the whole matrix, and the same figures in each variant's JSON.
 */
final class ShapeIngestTable {
    private ShapeIngestTable() {
    }

    static String markdown(List<ShapeBenchmark.Result> results) {
        StringBuilder out = new StringBuilder("| shape | variant | batches = chunks | rows | Arrow MB sent | Parquet MB "
                + "stored | DoPut | Arrow MB/s | Parquet MB/s | rows/s | server CPU (of which JIT) | server peak RSS |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (ShapeBenchmark.Result result : results) {
            for (ShapeBenchmark.Row row : result.rows()) {
                DatasetUpload.Figures f = row.ingest();
                out.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %.1f | %.1f | %.2f s | %.1f | %.1f | %.0f "
                                + "| %.1f s (%.1f s) | %.0f MB |%n", result.shape().name(), row.variant().option(),
                        f.batches(), f.rows(), f.arrowBytes() / 1e6, row.dataset().inputBytes() / 1e6, f.seconds(),
                        f.arrowMegabytesPerSecond(), parquetMegabytesPerSecond(row), f.rowsPerSecond(),
                        f.serverCpuSeconds(), f.serverCompileSeconds(), f.serverPeakRssBytes() / 1e6));
            }
        }
        out.append(String.format(Locale.ROOT, "%nOne DoPut per topic, from the harness's `MosaicoClient` to a `mosaicod "
                + "server` launched through `bin/mosaicod` on the dataset's data folder (SQLite and the local store, "
                + "every chunk fsynced), each batch one chunk. Timed from the topic's creation to the server's "
                + "confirmation that the last batch is stored; the batches are generated beforehand in rounds of up "
                + "to %d MiB of Arrow, with the clock stopped. The server first took %d MiB of the same batches (at most "
                + "as many as the dataset has) on a topic deleted afterwards, its warm-up (peak RSS includes it). "
                + "Measured when the dataset was generated.%n", DatasetUpload.ROUND_BYTES >> 20, DatasetUpload.WARM_UP_BYTES >> 20));
        return out.toString();
    }

    /** A variant's ingestion in the JSON report: the figures and the rates the table shows. */
    static Map<String, Object> json(ShapeBenchmark.Row row) {
        DatasetUpload.Figures f = row.ingest();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("figures", f);
        entry.put("parquet_bytes", row.dataset().inputBytes());
        entry.put("arrow_megabytes_per_second", f.arrowMegabytesPerSecond());
        entry.put("parquet_megabytes_per_second", parquetMegabytesPerSecond(row));
        entry.put("rows_per_second", f.rowsPerSecond());
        return entry;
    }

    private static double parquetMegabytesPerSecond(ShapeBenchmark.Row row) {
        return row.dataset().inputBytes() / 1e6 / row.ingest().seconds();
    }
}
