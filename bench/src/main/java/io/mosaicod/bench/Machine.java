package io.mosaicod.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;

/**
 * The machine a run measured, stated in the report so every figure quoted from it carries its context:
 * cores, RAM, CPU model, load at the start, and the disk's bandwidth measured by the harness itself.
 */
record Machine(String date, int cores, double memoryGB, String cpu, double loadAverage, String java,
               DiskFloor.Floor disk, boolean coldCache) {

    /** Describes this machine; probes the disk with {@code probeBytes} written under {@code scratch}. */
    static Machine describe(Path scratch, long probeBytes) throws IOException {
        var os = ManagementFactory.getOperatingSystemMXBean();
        double memory = os instanceof com.sun.management.OperatingSystemMXBean sun
                ? sun.getTotalMemorySize() / 1e9 : Double.NaN;
        double load = os.getSystemLoadAverage(); // before the probe, which would raise it
        return new Machine(LocalDate.now().toString(), Runtime.getRuntime().availableProcessors(), memory, cpuModel(),
                load, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                DiskFloor.probe(scratch, probeBytes), PageCache.drop());
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }

    String markdown() {
        return String.format(Locale.ROOT, "Machine: %s, %d cores, %.1f GB RAM, %s; load average %.2f at the start. "
                        + "Disk measured by the harness (%.0f MB file): write + fdatasync %.0f MB/s, %s read %.0f MB/s. "
                        + "Date %s.%n", cpu, cores, memoryGB, java, loadAverage, disk.outputBytes() / 1e6,
                disk.writeMBps(), coldCache ? "cold" : "warm (page cache not dropped: not root)", disk.readMBps(), date);
    }
}
