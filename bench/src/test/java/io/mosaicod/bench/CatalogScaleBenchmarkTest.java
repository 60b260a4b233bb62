package io.mosaicod.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog-scale scenario end to end on two tiny catalogs (SQLite + local store): the bulk-built catalogs are
 * accepted by the real server and commands (the scenario checks every answer against the catalog: the suffix glob
 * and the metadata query find their one topic, ListFlights every sequence, {@code topic ls} every topic, the
 * optimizer pass the ten new topics), and the report has a figure for every operation at every size.
 */
class CatalogScaleBenchmarkTest {
    @TempDir
    Path work;

    @Test
    void bulkBuiltCatalogsAreServedAndReported() throws Exception {
        ChildJvm.prepareLauncher(work.resolve("launcher.log"));

        List<CatalogScaleBenchmark.Result> results = CatalogScaleBenchmark.run(work, new int[] {200, 2000},
                CatalogDeployment.kinds("sqlite", "local"), 1);

        CatalogScaleBenchmark.Size large = results.get(0).sizes().get(1);
        assertEquals(2000, large.topics());
        assertEquals(200, large.built().sequences());
        assertEquals(2000L * CatalogRecording.BATCHES, large.built().chunkRows());
        String md = CatalogScaleTable.markdown(results);
        for (CatalogScaleBenchmark.Operation operation : CatalogScaleBenchmark.Operation.values()) {
            assertTrue(md.contains("| " + operation.title + " | "), md);
        }
        assertTrue(md.contains("| 200 topics | 2,000 topics | × | exponent |"), md);
    }
}
