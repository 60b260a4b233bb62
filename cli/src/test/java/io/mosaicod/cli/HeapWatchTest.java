package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The heap watch keeps collecting as the old generation keeps growing, in a JVM with the launcher's G1 options
 * (explicit collections are concurrent, so G1 reports no collection usage until a mixed collection).
 */
class HeapWatchTest {

    @Test
    void collectsAgainEachTimeTheOldGenerationGrowsByItsStep() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent", "-XX:MaxNewSize=64m", "-Xmx2g",
                "-cp", System.getProperty("java.class.path"), Churn.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        long collections = Long.parseLong(output.lines().filter(l -> l.startsWith("collections ")).findFirst()
                .orElseThrow(() -> new AssertionError(output)).substring("collections ".length()).trim());
        // ~1.5 GB of arrays pass through the old generation, at most ~100 MB of them alive at a time
        assertThat(collections).as(output).isGreaterThanOrEqualTo(4);
    }

    /** Passes arrays large enough to be allocated in the old generation through it, keeping a few alive. */
    static final class Churn {
        public static void main(String[] args) throws Exception {
            HeapWatch.start();
            MemoryPoolMXBean old = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getName().contains("Old Gen")).findFirst().orElseThrow();
            ArrayDeque<byte[]> alive = new ArrayDeque<>();
            for (int i = 0; i < 400; i++) {
                alive.addLast(new byte[4 << 20]);
                if (alive.size() > 24) {
                    alive.removeFirst();
                }
                Thread.sleep(2); // lets the notification thread run between allocations
            }
            System.out.println("collections " + old.getUsageThresholdCount());
        }
    }
}
