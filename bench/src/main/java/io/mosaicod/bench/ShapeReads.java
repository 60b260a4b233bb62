package io.mosaicod.bench;

import io.mosaicod.core.io.FileTrees;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.store.S3ObjectStore;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The read half of the shape matrix, on the harness's own dataset rather than a second ingestion through
 * DoPut. The dataset's folder is a mosaicod data folder (local store and SQLite repository) as its DoPut left
 * it, which the reads must not change. So each store gets a copy: on the local store a folder of hard links to
 * the dataset's files (no data copied, the dataset itself untouched) and, on S3, the files uploaded into a
 * fresh s3proxy bucket under the same keys; in both, a copy of the ingested repository.
 * {@link ReadBenchmark#measure} then reads the topic whole through DoGet, optimizes it and reads it again.
 * Between the two stores, DuckDB decodes every column of the chunk files before and after optimization with
 * 2 threads ({@link DuckDbDecode}), alternating, cold cache.
 */
final class ShapeReads {
    static final int DECODE_THREADS = 2;

    /** DuckDB's decodes of one set of files: each process measured, and the query's own time as it printed it. */
    record Decode(String files, int fileCount, List<ChildJvm.Measurement> runs, List<Double> querySeconds,
                  List<String> failures) {
        Decode(String files, int fileCount) {
            this(files, fileCount, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }

        double medianQuerySeconds() {
            return OptimizerBenchmark.median(querySeconds.stream().mapToDouble(Double::doubleValue).toArray());
        }

        double medianProcessSeconds() {
            return OptimizerBenchmark.median(runs.stream().mapToDouble(ChildJvm.Measurement::seconds).toArray());
        }
    }

    /** Reads before → after on each store, and DuckDB's decodes of the files before and after. */
    record Result(ReadBenchmark.Result local, ReadBenchmark.Result s3, Decode decodeBefore, Decode decodeAfter,
                  boolean decodeColdCache) {
    }

    private ShapeReads() {
    }

    static Result measure(BenchDataset dataset, int runs, Path work) throws Exception {
        String topic = dataset.spec().locator(0);
        Path local = work.resolve("shape-read-local");
        FileTrees.delete(local);
        Files.createDirectories(local);
        ReadBenchmark.Result localRead;
        Decode before = new Decode("before", dataset.chunkFiles().size());
        Decode after;
        boolean cold = true;
        try {
            Path store = local.resolve("store");
            copyStore(dataset, (key, file) -> {
                Path target = store.resolve(key);
                Files.createDirectories(target.getParent());
                Files.createLink(target, file); // the same disk blocks: nothing copied
            });
            dataset.copyIngestedRepository(local.resolve("mosaico.db"));
            localRead = ReadBenchmark.measure("local", local, Map.of(), topic, null, runs, work);
            List<Path> optimized = chunkFiles(local, topic);
            after = new Decode("after", optimized.size());
            for (int r = 0; r < runs; r++) {
                cold &= decode(dataset.chunkFiles(), before, work);
                cold &= decode(optimized, after, work);
            }
        } finally {
            FileTrees.delete(local);
        }
        return new Result(localRead, onS3(dataset, topic, runs, work), before, after, cold);
    }

    private static ReadBenchmark.Result onS3(BenchDataset dataset, String topic, int runs, Path work)
            throws Exception {
        Path data = work.resolve("shape-read-s3");
        FileTrees.delete(data);
        Files.createDirectories(data);
        try (S3Server s3 = S3Server.dedicated()) {
            String bucket = s3.newBucket();
            long started = System.nanoTime();
            try (S3ObjectStore target = new S3ObjectStore(s3.storeConfig(bucket, ""))) {
                copyStore(dataset, (key, file) -> {
                    try (ObjectWriter writer = target.newWriter(key)) {
                        Files.copy(file, writer.stream());
                        writer.commit();
                    }
                });
            }
            System.out.printf(Locale.ROOT, "read, S3: %s's chunks copied into s3proxy in %.1f s%n",
                    dataset.spec().name(), (System.nanoTime() - started) / 1e9);
            dataset.copyIngestedRepository(data.resolve("mosaico.db"));
            return ReadBenchmark.measure("S3 (s3proxy 4.1.0, filesystem backend)", data, s3.environment(bucket, ""),
                    topic, null, runs, work);
        } finally {
            FileTrees.delete(data);
        }
    }

    /** Where {@link #copyStore} puts each object, given as its file. */
    @FunctionalInterface
    private interface ObjectSink {
        void put(String key, Path file) throws IOException;
    }

    /** Every object of the dataset's local store into {@code sink}, under the same key. */
    private static void copyStore(BenchDataset dataset, ObjectSink sink) throws IOException {
        Path root = dataset.dataDir().resolve("store");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String key = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
                sink.put(key, file);
            }
        }
    }

    /** The topic's chunk files as the repository in {@code data} lists them now. */
    private static List<Path> chunkFiles(Path data, String topic) {
        return ReadBenchmark.chunks(data, topic).stream().map(c -> data.resolve("store").resolve(c.objectKey())).toList();
    }

    /** One DuckDB decode of {@code files} in its own JVM, cold cache; returns whether the cache was dropped. */
    private static boolean decode(List<Path> files, Decode into, Path work) throws Exception {
        Path list = work.resolve("decode-inputs.txt");
        Files.write(list, files.stream().map(Path::toString).toList());
        boolean cold = PageCache.drop();
        ChildJvm.Measurement m = ChildJvm.run(List.of(), DuckDbDecode.class.getName(),
                List.of(Integer.toString(DECODE_THREADS), BenchMain.DUCKDB_MEMORY_LIMIT, list.toString()), Map.of(),
                work.resolve("duckdb-decode.log"));
        String printed = m.output().lines().filter(l -> l.startsWith("rows ")).findFirst().orElse(null);
        if (m.exitCode() != 0 || printed == null) {
            String reason = OptimizerBenchmark.failureReason(m);
            into.failures().add(reason);
            System.out.printf(Locale.ROOT, "  DuckDB decode (%s) failed after %.2f s: %s%n", into.files(), m.seconds(),
                    reason);
            return cold;
        }
        double query = Double.parseDouble(printed.substring(printed.lastIndexOf(' ') + 1));
        into.runs().add(m);
        into.querySeconds().add(query);
        System.out.printf(Locale.ROOT, "  DuckDB %d-thread decode, %-6s %6.2f s (process %.2f s, peak RSS %.0f MB)%n",
                DECODE_THREADS, into.files(), query, m.seconds(), m.peakRssBytes() / 1e6);
        return cold;
    }
}
