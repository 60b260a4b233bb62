package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.io.NettyDirectBuffers;
import io.netty.util.internal.PlatformDependent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Netty's pools allocate unzeroed direct memory in a JVM started as the launcher starts one, once
 * {@link NettyDirectBuffers#allowUnzeroedPools()} ran before Netty loaded (as {@link Main#main} does), and
 * zeroed memory otherwise. Each case runs in a fresh child JVM: Netty decides once per JVM.
 */
class NettyDirectBuffersTest {

    /** Prints whether Netty allocates direct memory without the JDK's zeroing constructor. */
    public static final class Probe {
        public static void main(String[] args) {
            if (args.length > 0) {
                NettyDirectBuffers.allowUnzeroedPools();
            }
            System.out.println(PlatformDependent.useDirectBufferNoCleaner());
        }
    }

    private static String probe(String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Probe.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return output;
    }

    @Test
    void poolsSkipZeroingOnlyOnceAllowed() throws Exception {
        assertThat(probe("allow")).endsWith("true");
        assertThat(probe()).endsWith("false");
    }
}
