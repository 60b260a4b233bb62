package io.mosaicod.bench;

import java.util.Locale;

/** What a result was measured on, as it appears in the markdown and the JSON. */
record DatasetSummary(BenchDataset.Spec spec, int chunks, long inputBytes, long rows) {
    static DatasetSummary of(BenchDataset dataset) {
        return new DatasetSummary(dataset.spec(), dataset.chunkFiles().size(), dataset.inputBytes(), dataset.rows());
    }

    String markdown() {
        return String.format(Locale.ROOT, "%s: %s%d chunks, %.0f MB (%d rows), neighbours overlap %.0f %%", spec.name(),
                spec.topics() == 1 ? "" : spec.topics() + " topics, ", chunks, inputBytes / 1e6, rows,
                spec.overlap() * 100);
    }
}
