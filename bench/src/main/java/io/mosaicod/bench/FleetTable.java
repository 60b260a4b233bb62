package io.mosaicod.bench;

import java.util.Locale;

/** The {@code fleet} scenario's markdown: the matrix, then the slow-client comparison. */
final class FleetTable {
    private FleetTable() {
    }

    static String markdown(FleetBenchmark.Result result) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "Concurrent DoPut uploads (one topic each, on "
                + "its own connection) against one `mosaicod server` started with `bin/mosaicod`, "
                + "`MOSAICOD_MAX_CONCURRENT_WRITES` at its default, fresh data folder per row; uploads spread over up to "
                + "%d client JVMs on the same 2 cores (C1 only); each row sends for %.0f s or up to its byte/batch cap, after "
                + "%.0f s in which the same uploads send to warm-up topics, unmeasured (compiled code on both sides). "
                + "Rows of 1 KiB payload + 16 bytes; batches/s and MB/s summed over all uploads, from the first send to "
                + "the last acknowledgement; acknowledgement latency from just before `put` to the server's "
                + "acknowledgement of that batch; CPU: seconds the server and all client JVMs used while the clients "
                + "sent (2 cores × wall is the machine's whole). Disk write + fdatasync floor measured in the same run: %.0f MB/s.%n%n",
                FleetBenchmark.CLIENT_JVMS, result.durationMillis() / 1000.0, result.warmupMillis() / 1000.0,
                result.diskWriteMBps()));
        out.append("| store + catalog | uploads | batch | batches | wall | batches/s | MB/s | of disk floor | ack p50 "
                + "| ack p99 | server peak RSS | CPU server / clients | refused uploads |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (FleetBenchmark.Cell c : result.matrix()) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %s | %d | %.1f s | %.0f | %.1f | %.2f× | %s | %s | %.0f MB | %.1f / %.1f s | %d |%n",
                    c.backend(), c.uploads(), size(c.nominalBatchBytes()), c.batches(), c.seconds(), c.batchesPerSecond(),
                    c.megabytesPerSecond(), c.megabytesPerSecond() / result.diskWriteMBps(), millis(c.ackP50Millis()),
                    millis(c.ackP99Millis()), c.serverPeakRssBytes() / 1e6, c.serverCpuSeconds(), c.clientCpuSeconds(),
                    c.refusedUploads()));
        }
        out.append(String.format(Locale.ROOT, "%nSlow client: %d uploads of %s batches at full speed, alone and beside one "
                        + "upload that sleeps %d ms after each batch (a robot on a poor link); figures of the fast uploads.%n%n",
                FleetBenchmark.SLOW_CASE_FAST, size(FleetBenchmark.SLOW_CASE_BATCH), FleetBenchmark.SLOW_PAUSE_MILLIS));
        out.append("| store + catalog | case | fast batches/s | fast MB/s | fast ack p50 | fast ack p99 | slow upload's batches "
                + "| server peak RSS | CPU server / clients |\n|---|---|---|---|---|---|---|---|---|\n");
        for (FleetBenchmark.Cell c : result.slowClient()) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.1f | %s | %s | %s | %.0f MB | %.1f / %.1f s |%n", c.backend(),
                    c.slowUploads() == 0 ? c.uploads() + " fast" : c.uploads() + " fast + " + c.slowUploads() + " slow",
                    c.batchesPerSecond(), c.megabytesPerSecond(), millis(c.ackP50Millis()), millis(c.ackP99Millis()),
                    c.slowUploads() == 0 ? "–" : Long.toString(c.slowBatches()), c.serverPeakRssBytes() / 1e6,
                    c.serverCpuSeconds(), c.clientCpuSeconds()));
        }
        out.append("\nRefused uploads: the server ended them (e.g. RESOURCE_EXHAUSTED, its upload memory spent); only "
                + "their acknowledged batches count.\n");
        if (result.matrix().stream().anyMatch(c -> c.ackP50Millis() == null)) {
            out.append("\n\"no acks\": the server acknowledged no batch; the row's end is then when the upload's stream "
                    + "completed (every batch stored).\n");
        }
        return out.toString();
    }

    static String millis(Double value) {
        return value == null ? "no acks" : String.format(Locale.ROOT, "%.1f ms", value);
    }

    static String size(long bytes) {
        return bytes >= (1 << 20) ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
    }
}
