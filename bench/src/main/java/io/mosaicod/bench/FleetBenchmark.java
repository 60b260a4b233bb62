package io.mosaicod.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.core.io.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Ingestion at fleet scale (issue #19): many robots uploading at once to one {@code mosaicod server}, started
 * through {@code bin/mosaicod} as an operator runs it ({@code MOSAICOD_MAX_CONCURRENT_WRITES} at its default),
 * fresh for every configuration. Each configuration (backend, concurrent uploads, batch size) runs for a fixed
 * time or batch budget, after a warm-up in which the same uploads send to topics of their own, unmeasured (a cold
 * server on 2 cores shared with cold clients spends most of its first half minute compiling); its uploads are spread over up to {@value #CLIENT_JVMS} {@link FleetClient} JVMs on the
 * same machine. Reported: batches/s and MB/s summed over all uploads (first send to last acknowledgement),
 * acknowledgement latency percentiles, and the server's peak RSS. A slow-client case puts one robot that sends a
 * batch a second beside {@value #SLOW_CASE_FAST} fast ones and compares the fast ones with and without it.
 */
final class FleetBenchmark {
    static final int CLIENT_JVMS = 4;
    /**
     * The robots' JVMs compile with C1 alone: they stand in for machines of their own but share the server's 2 cores
     * here, and C2 compiling their upload path took about half of a client JVM's CPU in the measured seconds, even
     * after 45 s of warm-up (docs/benchmarks.md, "The robots' compiler").
     */
    private static final List<String> CLIENT_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1");
    static final int SLOW_CASE_FAST = 31;
    static final long SLOW_CASE_BATCH = 256L << 10;
    static final long SLOW_PAUSE_MILLIS = 1000;

    /**
     * How long each configuration warms up and then sends, and caps that keep the big-batch rows from filling the
     * disk: bytes and batches over all its uploads (the warm-up has the same caps). The full matrix (two backends)
     * takes about 25 minutes on 2 cores, the small one (a smoke check) about a minute.
     */
    record Budget(long durationMillis, long warmupMillis, long maxBytes, int maxBatches, int[] uploads,
                  long[] batchBytes) {
        static Budget of(boolean full) {
            return full
                    ? new Budget(10_000, 20_000, 4_000_000_000L, 300_000, new int[] {1, 8, 32, 128},
                            new long[] {9L << 10, 256L << 10, 10L << 20})
                    : new Budget(2_000, 2_000, 400_000_000L, 50_000, new int[] {32},
                            new long[] {9L << 10, 10L << 20});
        }

        /**
         * Only some rows of the matrix: the upload counts and batch sizes given (none given: all of them).
         */
        Budget select(int[] onlyUploads, long[] onlyBatchBytes) {
            return new Budget(durationMillis, warmupMillis, maxBytes, maxBatches,
                    onlyUploads.length == 0 ? uploads : onlyUploads,
                    onlyBatchBytes.length == 0 ? batchBytes : onlyBatchBytes);
        }

        /** The batches one of {@code uploads} uploads may send at most: its share of both caps, at least 2. */
        int maxBatchesPerUpload(int uploads, long batchBytes) {
            long byBytes = maxBytes / (FleetBatch.rows(batchBytes) * (long) FleetBatch.ROW_BYTES);
            return (int) Math.max(2, Math.min(byBytes, maxBatches) / uploads);
        }
    }

    /**
     * One configuration's figures over its fast uploads ({@code slowBatches}: what its slow upload, if any, sent).
     * Latencies are null when the server acknowledged no batch. CPU seconds of the server and of all client JVMs
     * while the clients sent: on 2 shared cores, where the time went.
     */
    record Cell(String backend, int uploads, long nominalBatchBytes, long batchBytes, int slowUploads, long batches,
                long bytes, double seconds, long acknowledged, Double ackP50Millis, Double ackP99Millis,
                long serverPeakRssBytes, double serverCpuSeconds, double clientCpuSeconds, long slowBatches,
                int refusedUploads) {
        double batchesPerSecond() {
            return batches / seconds;
        }

        double megabytesPerSecond() {
            return bytes / 1e6 / seconds;
        }
    }

    record Result(double diskWriteMBps, long durationMillis, long warmupMillis, List<Cell> matrix, List<Cell> slowClient) {
    }

    private FleetBenchmark() {
    }

    static Result run(Path work, Budget budget, boolean slowCase, List<FleetBackend> backends, DiskFloor.Floor disk)
            throws Exception {
        List<Cell> matrix = new ArrayList<>();
        List<Cell> slowClient = new ArrayList<>();
        for (FleetBackend backend : backends) {
            for (long batchBytes : budget.batchBytes()) {
                for (int uploads : budget.uploads()) {
                    matrix.add(cell(work, backend, budget, uploads, batchBytes, 0));
                }
            }
            if (slowCase) {
                slowClient.add(cell(work, backend, budget, SLOW_CASE_FAST, SLOW_CASE_BATCH, 0));
                slowClient.add(cell(work, backend, budget, SLOW_CASE_FAST, SLOW_CASE_BATCH, 1));
            }
        }
        return new Result(disk.writeMBps(), budget.durationMillis(), budget.warmupMillis(), matrix, slowClient);
    }

    private static Cell cell(Path work, FleetBackend backend, Budget budget, int uploads, long batchBytes,
                             int slowUploads) throws Exception {
        long started = System.nanoTime();
        Path folder = work.resolve("fleet");
        FileTrees.delete(folder);
        Path barrier = Files.createDirectories(folder.resolve("barrier"));
        try (FleetBackend.Deployment deployment = backend.deploy(Files.createDirectories(folder.resolve("data")));
             ServerProcess server = ServerProcess.launch(deployment.env(), folder)) {
            int port = server.port();
            int maxBatches = budget.maxBatchesPerUpload(uploads + slowUploads, batchBytes);
            List<FleetPlan> fast = new ArrayList<>();
            int jvms = Math.min(CLIENT_JVMS, uploads);
            for (int j = 0; j < jvms; j++) {
                fast.add(new FleetPlan("127.0.0.1", port, "robot" + j, uploads / jvms + (j < uploads % jvms ? 1 : 0),
                        batchBytes, budget.durationMillis(), maxBatches, 0, budget.warmupMillis(), barrier.toString()));
            }
            List<FleetPlan> slow = slowUploads == 0 ? List.of() : List.of(new FleetPlan("127.0.0.1", port, "slow",
                    slowUploads, batchBytes, budget.durationMillis(), maxBatches, SLOW_PAUSE_MILLIS,
                    budget.warmupMillis(), barrier.toString()));
            Sent sent = runClients(work, barrier, fast, slow, server.pid());
            List<FleetClient.Figures> figures = sent.figures();
            long rss = server.peakRssBytes();
            Cell cell = summarize(backend, uploads, batchBytes, slowUploads, figures.subList(0, fast.size()),
                    figures.subList(fast.size(), figures.size()), rss, sent.serverCpuSeconds());
            print(cell, (System.nanoTime() - started) / 1e9);
            return cell;
        } finally {
            FileTrees.delete(folder);
        }
    }

    /** The progress line of a configuration; {@code seconds}: its whole run, server and clients started and ended. */
    private static void print(Cell c, double seconds) {
        System.out.printf(Locale.ROOT, "  fleet %s, %3d uploads%s of %s: %8.0f batches/s, %7.1f MB/s, ack p50 %s, p99 %s,"
                        + " server peak RSS %.0f MB, CPU server %.1f s, clients %.1f s, %d refused (configuration run in %.0f s)%n",
                c.backend(), c.uploads(), c.slowUploads() == 0 ? "" : " + " + c.slowUploads() + " slow",
                FleetTable.size(c.nominalBatchBytes()), c.batchesPerSecond(), c.megabytesPerSecond(),
                FleetTable.millis(c.ackP50Millis()), FleetTable.millis(c.ackP99Millis()), c.serverPeakRssBytes() / 1e6,
                c.serverCpuSeconds(), c.clientCpuSeconds(), c.refusedUploads(), seconds);
    }

    /** The client JVMs' figures, in the order of their plans, and the server's CPU time from go to their end. */
    private record Sent(List<FleetClient.Figures> figures, double serverCpuSeconds) {
    }

    /** Starts every client JVM and lets them send together once all are ready. */
    private static Sent runClients(Path work, Path barrier, List<FleetPlan> fast, List<FleetPlan> slow, long serverPid)
            throws Exception {
        List<FleetPlan> plans = new ArrayList<>(fast);
        plans.addAll(slow);
        ObjectMapper json = new ObjectMapper();
        ExecutorService pool = Executors.newFixedThreadPool(plans.size());
        try {
            List<Future<ChildJvm.Measurement>> clients = new ArrayList<>();
            for (FleetPlan plan : plans) {
                String argument = json.writeValueAsString(plan);
                Path log = work.resolve("fleet-" + plan.robots() + ".log");
                clients.add(pool.submit(() -> ChildJvm.run(CLIENT_JVM_OPTIONS, FleetClient.class.getName(),
                        List.of(argument), Map.of(), log)));
            }
            awaitReady(barrier, plans, clients);
            double serverCpu = ChildJvm.cpuSeconds(serverPid);
            Files.writeString(barrier.resolve("go"), "");
            List<FleetClient.Figures> figures = new ArrayList<>();
            for (Future<ChildJvm.Measurement> client : clients) {
                ChildJvm.Measurement m = client.get();
                if (m.exitCode() != 0) {
                    throw new IllegalStateException("a fleet client exited with " + m.exitCode() + ":\n" + m.output());
                }
                String[] lines = m.output().split("\n");
                figures.add(json.readValue(lines[lines.length - 1], FleetClient.Figures.class));
            }
            return new Sent(figures, ChildJvm.cpuSeconds(serverPid) - serverCpu);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Waits for every client's ready file; a client that ended before it is reported with its output. */
    private static void awaitReady(Path barrier, List<FleetPlan> plans, List<Future<ChildJvm.Measurement>> clients)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (!plans.stream().allMatch(plan -> Files.exists(barrier.resolve("ready-" + plan.robots())))) {
            for (Future<ChildJvm.Measurement> client : clients) {
                if (client.isDone()) {
                    throw new IllegalStateException("a fleet client ended before it was ready (exit "
                            + client.get().exitCode() + "):\n" + client.get().output());
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the fleet clients were not ready within 5 minutes");
            }
            Thread.sleep(10);
        }
    }

    private static Cell summarize(FleetBackend backend, int uploads, long nominal, int slowUploads,
                                  List<FleetClient.Figures> fast, List<FleetClient.Figures> slow, long rss,
                                  double serverCpu) {
        long batches = fast.stream().mapToLong(FleetClient.Figures::batches).sum();
        long bytes = fast.stream().mapToLong(FleetClient.Figures::bytes).sum();
        long start = fast.stream().mapToLong(FleetClient.Figures::startEpochNanos).min().orElseThrow();
        long end = fast.stream().mapToLong(FleetClient.Figures::endEpochNanos).max().orElseThrow();
        long[] latencies = fast.stream().flatMapToLong(f -> Arrays.stream(f.latenciesMicros())).sorted().toArray();
        return new Cell(backend.title(), uploads, nominal, FleetBatch.rows(nominal) * (long) FleetBatch.ROW_BYTES,
                slowUploads, batches, bytes, (end - start) / 1e9, latencies.length, percentile(latencies, 0.50),
                percentile(latencies, 0.99), rss, serverCpu,
                Stream.concat(fast.stream(), slow.stream()).mapToDouble(FleetClient.Figures::cpuSeconds).sum(), slow.stream().mapToLong(FleetClient.Figures::batches).sum(),
                Stream.concat(fast.stream(), slow.stream()).mapToInt(FleetClient.Figures::refused).sum());
    }

    /** The nearest-rank percentile of sorted µs latencies, in ms; null if there are none. */
    private static Double percentile(long[] sortedMicros, double p) {
        if (sortedMicros.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(p * sortedMicros.length);
        return sortedMicros[Math.max(0, rank - 1)] / 1000.0;
    }
}
