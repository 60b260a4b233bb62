package io.mosaicod.read.merge;

import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.read.SortedInMemoryRun;
import io.mosaicod.read.StoredChunkRun;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.store.ObjectWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The safety net under the merge's row movement (issue #15, point 4): random nested schemas and random rows
 * in random runs go through {@link TimeOrderedMerge} — from memory, through spill files, through the Parquet
 * codec — and every output row must equal, value by value and null by null, the row a plain stable sort
 * puts there: {@code timestamp_ns} ascending, nulls last, ties in input order (run order, then row order
 * within the run). Every output batch must also pass Arrow's full structural validation (offsets, buffer
 * sizes), which catches broken offsets that still read back plausibly, and no Arrow memory may outlive a case.
 *
 * <p>Each case is built from one seed. Every case prints its seed, and every failure names it with the
 * command that reruns exactly that case: {@code -Dmosaicod.test.seed=N} runs only case N in each test,
 * {@code -Dmosaicod.test.iterations=N} runs N cases per test instead of the default.
 */
class NestedMergePropertyTest {
    private static final Long FIXED_SEED = Long.getLong("mosaicod.test.seed");
    private static final Integer ITERATIONS = Integer.getInteger("mosaicod.test.iterations");

    @TempDir
    Path tmp;

    /** Runs held in memory: sorted ones as they are, unsorted ones through {@link SortedInMemoryRun}. */
    @Test
    void runsInMemoryMergeLikeAStableSort() {
        forEachCase("runsInMemoryMergeLikeAStableSort", 120, c -> c.mergeAndCompare(c.inMemorySources(), false));
    }

    /** The same, after merging groups of consecutive runs into spill files first (sometimes twice over). */
    @Test
    void spilledRunsMergeLikeAStableSort() {
        forEachCase("spilledRunsMergeLikeAStableSort", 60, c -> c.mergeAndCompare(c.inMemorySources(), true));
    }

    /** Runs written as chunks by the codec and read back as stored chunk runs, sometimes spilled too. */
    @Test
    void chunksThroughTheCodecMergeLikeAStableSort() {
        forEachCase("chunksThroughTheCodecMergeLikeAStableSort", 40, c -> c.mergeAndCompare(c.storedSources(),
                c.rnd.nextInt(3) == 0));
    }

    @FunctionalInterface
    private interface CaseBody {
        void run(Case c) throws Exception;
    }

    private void forEachCase(String test, int defaultIterations, CaseBody body) {
        List<Long> seeds = new ArrayList<>();
        if (FIXED_SEED != null) {
            seeds.add(FIXED_SEED);
        } else {
            long master = System.nanoTime();
            System.out.println("NestedMergePropertyTest." + test + " master seed " + master);
            Random seedSource = new Random(master);
            int iterations = ITERATIONS != null ? ITERATIONS : defaultIterations;
            for (int i = 0; i < iterations; i++) {
                seeds.add(seedSource.nextLong());
            }
        }
        long started = System.nanoTime();
        long rows = 0;
        for (int i = 0; i < seeds.size(); i++) {
            long seed = seeds.get(i);
            String reproduce = "NestedMergePropertyTest." + test + " seed=" + seed
                    + " (rerun: mvn -o -q -B test -pl read -am -Dtest='NestedMergePropertyTest#" + test + "'"
                    + " -Dsurefire.failIfNoSpecifiedTests=false -Dmosaicod.test.seed=" + seed + ")";
            Case c = null;
            Throwable failure = null;
            RootAllocator allocator = new RootAllocator();
            try {
                c = new Case(seed, allocator, tmp.resolve("case-" + i));
                System.out.println(test + " case " + i + " seed=" + seed + ": " + c.describe());
                body.run(c);
                rows += c.expected.size();
            } catch (Throwable t) {
                failure = t;
            } finally {
                if (c != null) {
                    c.releaseInputs();
                }
            }
            if (failure == null && allocator.getAllocatedMemory() != 0) {
                failure = new AssertionError("the case left " + allocator.getAllocatedMemory()
                        + " bytes of Arrow memory allocated: " + allocator.toVerboseString());
            }
            try {
                allocator.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                }
            }
            if (failure != null) {
                String schema = c == null ? "" : "\n  schema: " + c.schema;
                System.out.println("FAILED " + reproduce + ": " + failure);
                String what = failure instanceof AssertionError ? failure.getMessage() : failure.toString();
                throw new AssertionError(reproduce + ": " + what + schema, failure);
            }
        }
        System.out.printf("NestedMergePropertyTest.%s: %d cases, %d rows in %.1f s%n", test, seeds.size(), rows,
                (System.nanoTime() - started) / 1e9);
    }

    /** One input row as the reference sees it. */
    private record InputRow(Long timestamp, int run, int position, List<Object> values) {
    }

    /** One run of a case: its batches (released once merged or written) and its rows as plain values. */
    private static final class RunInput {
        final int index;
        final boolean sorted;
        final Long minTimestampNs;
        final List<InputRow> rows = new ArrayList<>();
        final BatchRun batches;

        RunInput(int index, boolean sorted, Long minTimestampNs, List<VectorSchemaRoot> batches) {
            this.index = index;
            this.sorted = sorted;
            this.minTimestampNs = minTimestampNs;
            this.batches = new BatchRun(batches);
        }
    }

    /**
     * A run over batches built in memory. A batch served by {@link #nextBatch()} is closed by the next call,
     * as a reader's batch is reused, so a merge that holds on to it fails instead of reading stale values.
     */
    private static final class BatchRun implements SortedRun {
        private final List<VectorSchemaRoot> batches;
        private int next;

        BatchRun(List<VectorSchemaRoot> batches) {
            this.batches = batches;
        }

        @Override
        public VectorSchemaRoot nextBatch() {
            if (next > 0) {
                batches.get(next - 1).close();
            }
            return next < batches.size() ? batches.get(next++) : null;
        }

        @Override
        public void close() {
            batches.forEach(VectorSchemaRoot::close);
        }
    }

    /** Everything one seed decides: schema, runs, rows, batch sizes, spill groups, codec settings. */
    private static final class Case {
        final long seed;
        final Random rnd;
        final BufferAllocator allocator;
        final Path dir;
        final Schema schema;
        final List<RunInput> runs = new ArrayList<>();
        /** The reference: every input row, stably sorted by timestamp (nulls last). */
        final List<InputRow> expected = new ArrayList<>();
        private int spills;
        private LocalObjectStore store;

        Case(long seed, BufferAllocator allocator, Path dir) {
            this.seed = seed;
            this.rnd = new Random(seed);
            this.allocator = allocator;
            this.dir = dir;
            this.schema = new RandomNestedSchema(rnd).schema();
            boolean nullableTime = schema.findField(TimestampColumn.NAME).isNullable();
            double perRow = Math.max(1, RandomNestedBatches.valuesPerRow(schema));
            int rowBudget = (int) Math.max(20, Math.min(800, 30_000 / perRow));
            int runCount = switch (rnd.nextInt(5)) {
                case 0 -> 1;
                case 1 -> 2;
                default -> 3 + rnd.nextInt(10);
            };
            try {
                generate(runCount, rowBudget, nullableTime);
            } catch (RuntimeException | Error e) {
                releaseInputs();
                throw e;
            }
            // List.sort is stable: equal timestamps keep run order, then row order
            expected.sort(Comparator.comparing(InputRow::timestamp, Comparator.nullsLast(Comparator.naturalOrder())));
        }

        private void generate(int runCount, int rowBudget, boolean nullableTime) {
            List<List<Long>> timestamps = timestamps(runCount, rowBudget, nullableTime);
            RandomNestedBatches batches = new RandomNestedBatches(rnd);
            for (int r = 0; r < runCount; r++) {
                List<Long> ts = timestamps.get(r);
                boolean sorted = isSorted(ts);
                List<VectorSchemaRoot> roots = new ArrayList<>();
                Long min = ts.stream().filter(t -> t != null).min(Long::compare).orElse(null);
                RunInput run = new RunInput(r, sorted && rnd.nextInt(6) != 0, min, roots);
                runs.add(run);
                for (List<Long> slice : slices(ts)) {
                    VectorSchemaRoot batch = batches.batch(schema, slice, allocator);
                    roots.add(batch);
                    VectorStructure.check(batch, "generated input batch"); // the generator must make valid Arrow
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        run.rows.add(new InputRow(((BigIntVector) batch.getVector(TimestampColumn.NAME)).getObject(i),
                                r, run.rows.size(), RowValues.row(batch, i)));
                    }
                }
                expected.addAll(run.rows);
            }
        }

        String describe() {
            long sorted = runs.stream().filter(r -> r.sorted).count();
            return schema.getFields().size() + " columns, " + runs.size() + " runs (" + sorted + " sorted), "
                    + expected.size() + " rows";
        }

        void releaseInputs() {
            runs.forEach(r -> r.batches.close());
            if (store != null) {
                store.close();
            }
        }

        /**
         * Timestamps of each run: runs overlap in time, often share equal timestamps (narrow spreads, copied
         * runs), sometimes hold extremes or nulls (only at the end of a sorted run); about a third are not in
         * order (shuffled, reversed, nearly sorted or as drawn).
         */
        private List<List<Long>> timestamps(int runCount, int rowBudget, boolean nullable) {
            long spread = List.of(0L, 3L, 20L, 1000L, 1L << 40).get(rnd.nextInt(5));
            long cursor = List.of(0L, -5000L, 1_700_000_000_000_000_000L, rnd.nextLong() >> 3).get(rnd.nextInt(4));
            double nullProbability = !nullable ? 0 : List.of(0.0, 0.05, 0.3, 1.0).get(rnd.nextInt(4));
            int meanRows = Math.max(1, rowBudget / runCount);
            List<List<Long>> all = new ArrayList<>();
            for (int r = 0; r < runCount; r++) {
                List<Long> ts;
                if (r > 0 && rnd.nextInt(6) == 0) {
                    ts = new ArrayList<>(all.get(rnd.nextInt(r))); // the same timestamps as an earlier run
                } else {
                    int n = switch (rnd.nextInt(12)) {
                        case 0 -> 0;
                        case 1 -> 1;
                        default -> rnd.nextInt(2 * meanRows + 1);
                    };
                    long start = cursor + between(-spread, spread);
                    cursor += between(0, spread);
                    double runNulls = rnd.nextBoolean() ? nullProbability : 0;
                    ts = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        if (rnd.nextDouble() < runNulls) {
                            ts.add(null);
                        } else if (rnd.nextInt(60) == 0) {
                            ts.add(List.of(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1)
                                    .get(rnd.nextInt(4)));
                        } else {
                            ts.add(start + between(0, spread));
                        }
                    }
                }
                ts.sort(Comparator.nullsLast(Comparator.naturalOrder()));
                if (rnd.nextInt(3) == 0) {
                    switch (rnd.nextInt(4)) {
                        case 0 -> Collections.shuffle(ts, rnd);
                        case 1 -> Collections.reverse(ts);
                        case 2 -> {
                            for (int k = 0; k < 1 + ts.size() / 10 && ts.size() > 1; k++) {
                                Collections.swap(ts, rnd.nextInt(ts.size()), rnd.nextInt(ts.size()));
                            }
                        }
                        default -> {
                            // sorted except that nulls come first
                            ts.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
                        }
                    }
                }
                all.add(ts);
            }
            return all;
        }

        private long between(long low, long high) {
            return low + (long) (rnd.nextDouble() * (high - low + 1));
        }

        private static boolean isSorted(List<Long> ts) {
            Comparator<Long> order = Comparator.nullsLast(Comparator.naturalOrder());
            for (int i = 1; i < ts.size(); i++) {
                if (order.compare(ts.get(i - 1), ts.get(i)) > 0) {
                    return false;
                }
            }
            return true;
        }

        /** Cuts a run's rows into batches of random sizes, with 1-row and empty batches among them. */
        private List<List<Long>> slices(List<Long> ts) {
            List<List<Long>> slices = new ArrayList<>();
            int maxBatch = List.of(1, 3, 17, 100, 1000).get(rnd.nextInt(5));
            int at = 0;
            while (at < ts.size() || slices.isEmpty()) {
                int size = switch (rnd.nextInt(10)) {
                    case 0 -> 0;
                    case 1 -> 1;
                    default -> 1 + rnd.nextInt(maxBatch);
                };
                size = Math.min(size, ts.size() - at);
                slices.add(ts.subList(at, at + size));
                at += size;
            }
            if (rnd.nextInt(5) == 0) {
                slices.add(List.of()); // an empty batch at the end
            }
            return slices;
        }

        int outputBatchRows() {
            return List.of(1, 2, 3, 7, 64, 1000, 100_000).get(rnd.nextInt(7));
        }

        /** Each run as the merge's input, straight from memory. */
        List<RunSource> inMemorySources() {
            List<RunSource> sources = new ArrayList<>();
            for (RunInput run : runs) {
                sources.add(new RunSource(run.index, run.minTimestampNs, run.sorted ? () -> run.batches
                        : () -> SortedInMemoryRun.of(run.batches, allocator)));
            }
            return sources;
        }

        /**
         * Each run written as a chunk (random writer profile and row-group size), checked on its own after a
         * read back (schema with all metadata, every value), then offered to the merge as a stored chunk run
         * read in batches of random size.
         */
        List<RunSource> storedSources() throws IOException {
            store = new LocalObjectStore(dir.resolve("store"));
            WriterProfile profile = WriterProfile.values()[rnd.nextInt(WriterProfile.values().length)];
            long rowGroupBytes = List.of(1L << 10, 16L << 10, ChunkWriter.DEFAULT_ROW_GROUP_BYTES).get(rnd.nextInt(3));
            List<RunSource> sources = new ArrayList<>();
            for (RunInput run : runs) {
                String key = String.format("tp_case/data/%05d.parquet", run.index);
                ChunkSummary summary;
                try (ObjectWriter writer = store.newWriter(key);
                     ChunkWriter chunk = ChunkWriter.open(writer.stream(), key, schema, profile, rowGroupBytes)) {
                    for (VectorSchemaRoot batch = run.batches.nextBatch(); batch != null;
                         batch = run.batches.nextBatch()) {
                        chunk.write(batch);
                    }
                    summary = chunk.finish();
                    writer.commit();
                }
                run.batches.close();
                if (summary.rowCount() != run.rows.size()) {
                    throw new AssertionError("chunk " + key + " (" + profile + ") has " + summary.rowCount()
                            + " rows, expected " + run.rows.size());
                }
                readBackAlone(key, run, profile);
                sources.add(new RunSource(run.index, run.minTimestampNs, () -> {
                    StoredChunkRun stored = StoredChunkRun.open(store, key, allocator, readOptions())
                            .expectingRows(run.rows.size());
                    return run.sorted ? stored : SortedInMemoryRun.of(stored, allocator);
                }));
            }
            return sources;
        }

        private ChunkReadOptions readOptions() {
            return ChunkReadOptions.all().withBatchRows(List.of(1, 2, 5, 64, 8192).get(rnd.nextInt(5)));
        }

        /** A chunk read back on its own must give back its input: tells a codec fault from a merge fault. */
        private void readBackAlone(String key, RunInput run, WriterProfile profile)
                throws IOException {
            List<List<Object>> rows = new ArrayList<>();
            try (StoredChunkRun stored = StoredChunkRun.open(store, key, allocator, readOptions())) {
                if (!stored.schema().equals(schema)) {
                    throw new AssertionError("chunk " + key + " (" + profile + ") reads back with schema\n  "
                            + stored.schema() + "\nbut was written with\n  " + schema);
                }
                for (VectorSchemaRoot batch = stored.nextBatch(); batch != null; batch = stored.nextBatch()) {
                    VectorStructure.check(batch, "batch of chunk " + key + " read back");
                    rows.addAll(RowValues.rows(batch));
                }
            }
            assertSameRows("chunk " + run.index + " (" + profile + ", " + (run.sorted ? "sorted" : "unsorted")
                    + ") read back on its own, before any merge", run.rows, rows);
        }

        /**
         * Groups consecutive sources and merges some groups into spill files, as the optimizer does under a
         * memory cap; a group's spilled run takes the input order of its first member, so ties stay exact.
         * Sometimes spills the spilled runs again.
         */
        List<RunSource> spill(List<RunSource> sources, int pass) throws IOException {
            List<RunSource> result = new ArrayList<>();
            for (int i = 0; i < sources.size(); ) {
                List<RunSource> group = sources.subList(i, Math.min(sources.size(), i + 1 + rnd.nextInt(4)));
                i += group.size();
                if (rnd.nextInt(4) == 0) {
                    result.addAll(group);
                    continue;
                }
                Path file = dir.resolve("spill-" + (spills++) + ".arrows");
                Files.createDirectories(dir);
                int outputRows = outputBatchRows();
                try (SpillFile.Writer writer = new SpillFile.Writer(file, schema)) {
                    TimeOrderedMerge.merge(schema, List.copyOf(group), allocator, outputRows,
                            checked("spill pass " + pass + " output", outputRows, schema, writer));
                }
                Long min = group.stream().map(RunSource::minTimestampNs).filter(t -> t != null)
                        .min(Long::compare).orElse(null);
                result.add(new RunSource(group.get(0).inputOrder(), min, () -> SpillFile.open(file, allocator)));
            }
            return pass < 2 && rnd.nextInt(3) == 0 ? spill(result, pass + 1) : result;
        }

        void mergeAndCompare(List<RunSource> sources, boolean spill) throws IOException {
            List<RunSource> inputs = spill ? spill(sources, 1) : sources;
            int outputRows = outputBatchRows();
            List<List<Object>> actual = new ArrayList<>();
            TimeOrderedMerge.Result result = TimeOrderedMerge.merge(schema, inputs, allocator, outputRows,
                    checked("merge output", outputRows, schema, batch -> actual.addAll(RowValues.rows(batch))));
            assertSameRows("merge of " + inputs.size() + " runs" + (spill ? " (some spilled)" : "")
                    + " into batches of at most " + outputRows + " rows", expected, actual);
            if (result.rows() != expected.size()) {
                throw new AssertionError("merge reports " + result.rows() + " rows, expected " + expected.size());
            }
        }

        private static TimeOrderedMerge.BatchSink checked(String what, int maxRows, Schema schema,
                                                          TimeOrderedMerge.BatchSink next) {
            int[] batches = {0};
            return batch -> {
                String name = what + " batch " + batches[0]++;
                if (batch.getRowCount() < 1 || batch.getRowCount() > maxRows) {
                    throw new AssertionError(name + " has " + batch.getRowCount() + " rows, expected 1.." + maxRows);
                }
                if (!batch.getSchema().getFields().equals(schema.getFields())) {
                    throw new AssertionError(name + " has schema " + batch.getSchema() + ", expected " + schema);
                }
                VectorStructure.check(batch, name);
                next.accept(batch);
            };
        }

        private void assertSameRows(String what, List<InputRow> expectedRows, List<List<Object>> actual) {
            List<Field> fields = schema.getFields();
            for (int i = 0; i < Math.min(expectedRows.size(), actual.size()); i++) {
                InputRow e = expectedRows.get(i);
                String difference = RowValues.firstDifference(fields, e.values(), actual.get(i));
                if (difference != null) {
                    throw new AssertionError(what + ": output row " + i + " of " + actual.size()
                            + " should be input run " + e.run() + " row " + e.position() + " (timestamp_ns "
                            + e.timestamp() + ") but differs at " + difference + "; " + origin(actual.get(i)));
                }
            }
            if (expectedRows.size() != actual.size()) {
                throw new AssertionError(what + ": " + actual.size() + " rows, expected " + expectedRows.size());
            }
        }

        /** Which input row(s) an output row equals, to tell a wrong order from a wrong value. */
        private String origin(List<Object> row) {
            List<String> matches = new ArrayList<>();
            for (InputRow in : expected) {
                if (in.values().equals(row)) {
                    matches.add("run " + in.run() + " row " + in.position());
                }
            }
            return matches.isEmpty() ? "the output row equals no input row"
                    : "the output row equals input " + String.join(", ", matches.subList(0, Math.min(5,
                    matches.size()))) + (matches.size() > 5 ? ", …" : "");
        }
    }
}
