package io.mosaicod.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.client.MosaicoClient;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A client JVM of the {@code fleet} scenario: runs the uploads of one {@link FleetPlan} (its only argument, as
 * JSON), each on its own thread and connection, and prints its {@link Figures} as the last line of its output.
 * Several such JVMs share the load so that one client's threads, allocator and event loops are not what
 * limits a hundred concurrent uploads. They start sending together: each creates {@code ready-<robots>} in the
 * plan's barrier folder once its uploads are open, and waits for the harness's {@code go} there.
 */
final class FleetClient {
    /**
     * What the JVM measured: batches and bytes sent and stored; first send and last acknowledgement (or completion)
     * as epoch nanoseconds, comparable across the JVMs of one machine; the CPU time this JVM used while sending;
     * every acknowledgement latency in µs; uploads the server refused (their unacknowledged batches not counted).
     */
    record Figures(int uploads, int refused, long batches, long bytes, long startEpochNanos, long endEpochNanos, double cpuSeconds,
                   long[] latenciesMicros) {
    }

    private FleetClient() {
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        FleetPlan plan = json.readValue(args[0], FleetPlan.class);
        List<MosaicoClient> clients = new ArrayList<>();
        List<FleetBatch> batches = new ArrayList<>();
        List<FleetUpload> uploads = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(plan.uploads());
        try {
            for (int i = 0; i < plan.uploads(); i++) {
                MosaicoClient client = MosaicoClient.connect(plan.host(), plan.port());
                clients.add(client);
                batches.add(new FleetBatch(client.allocator(), plan.batchBytes(), i));
            }
            if (plan.warmupMillis() > 0) {
                List<FleetUpload> warmups = open(plan, clients, batches, "_warmup");
                try {
                    send(warmups, threads, plan.warmupMillis(), plan.pauseMillis());
                } finally {
                    warmups.forEach(FleetUpload::close);
                }
            }
            uploads.addAll(open(plan, clients, batches, ""));
            Path barrier = Path.of(plan.barrier());
            Files.writeString(barrier.resolve("ready-" + plan.robots()), "");
            while (!Files.exists(barrier.resolve("go"))) {
                Thread.sleep(1);
            }
            long cpuBefore = cpuNanos();
            send(uploads, threads, plan.durationMillis(), plan.pauseMillis());
            double cpuSeconds = (cpuNanos() - cpuBefore) / 1e9;
            System.out.println(json.writeValueAsString(figures(uploads, cpuSeconds)));
        } finally {
            threads.shutdownNow();
            for (FleetUpload upload : uploads) {
                upload.close();
            }
            batches.forEach(FleetBatch::close);
            for (MosaicoClient client : clients) {
                client.close();
            }
        }
    }

    /** Opens one upload per client, topic {@code <robots>_<i><suffix>/imu}. */
    private static List<FleetUpload> open(FleetPlan plan, List<MosaicoClient> clients, List<FleetBatch> batches,
                                          String suffix) {
        List<FleetUpload> uploads = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
            FleetUpload upload = new FleetUpload(clients.get(i), batches.get(i), plan.maxBatches());
            uploads.add(upload);
            upload.open(plan.robots() + "_" + i + suffix);
        }
        return uploads;
    }

    /** Lets every upload send on its own thread for {@code millis}, and waits for all to complete. */
    private static void send(List<FleetUpload> uploads, ExecutorService threads, long millis, long pauseMillis)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        List<Future<?>> running = new ArrayList<>();
        for (FleetUpload upload : uploads) {
            running.add(threads.submit(() -> {
                upload.send(deadline, pauseMillis);
                return null;
            }));
        }
        for (Future<?> upload : running) {
            upload.get();
        }
    }

    /** This JVM's CPU time, all threads: the client's share of the machine's cores. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static Figures figures(List<FleetUpload> uploads, double cpuSeconds) {
        // System.nanoTime means nothing outside this JVM: the harness compares the JVMs on the wall clock
        Instant now = Instant.now();
        long epochOffset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - System.nanoTime();
        long batches = 0;
        long bytes = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long[] latencies = new long[uploads.stream().mapToInt(FleetUpload::sent).sum()];
        int acknowledged = 0;
        int refused = 0;
        for (FleetUpload upload : uploads) {
            if (upload.sent() == 0) {
                continue;
            }
            batches += upload.stored();
            refused += upload.refused() ? 1 : 0;
            bytes += upload.bytes();
            start = Math.min(start, upload.firstSentNanos());
            end = Math.max(end, upload.endNanos());
            acknowledged = upload.latencies(latencies, acknowledged);
        }
        return new Figures(uploads.size(), refused, batches, bytes, start + epochOffset, end + epochOffset, cpuSeconds,
                Arrays.copyOf(latencies, acknowledged));
    }
}
