package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The completion script and the manual page, written from the command tree, read by bash and groff themselves. */
class CompletionAndManualTest {
    @TempDir
    Path dir;

    @Test
    void bashCompletesCommandsOptionsAndFileNames() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is not installed");
        MainRun run = MainRun.of(dir, Map.of(), "completion");
        assertThat(run.exitCode()).isEqualTo(ExitCode.OK);
        Path script = Files.writeString(dir.resolve("mosaicod.bash"), run.out());

        assertThat(complete(script, "mosaicod", "top")).containsExactly("topic");
        assertThat(complete(script, "mosaicod", "topic", "")).contains("ls", "show", "cat", "--help");
        assertThat(complete(script, "mosaicod", "--config", "x.toml", "store-optimizer", "--max"))
                .containsExactly("--max-chunk-size");
        assertThat(complete(script, "mosaicod", "cleanup", "--config", dir.resolve("mosaicod.b").toString()))
                .containsExactly(script.toString());
        assertThat(complete(script, "mosaicod", "server", "--port", "")).as("no guess at a port").isEmpty();
    }

    @Test
    void theManualListsEveryCommandAndGroffReadsItWithoutAWarning() throws Exception {
        MainRun run = MainRun.of(dir, Map.of(), "manual");
        assertThat(run.exitCode()).isEqualTo(ExitCode.OK);
        String page = run.out();
        for (String command : List.of("server", "store-optimizer", "cleanup", "ps", "topic ls", "topic show",
                "topic cat", "query", "generate", "demo", "help", "completion", "manual")) {
            assertThat(page).contains(".SS \"mosaicod " + command.replace("-", "\\-") + " [OPTIONS]");
        }
        assertThat(page).contains("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "\\-\\-config");

        assumeTrue(Files.isExecutable(Path.of("/usr/bin/groff")), "groff is not installed");
        Path source = Files.writeString(dir.resolve("mosaicod.1"), page);
        Process groff = new ProcessBuilder("groff", "-man", "-Tutf8", "-ww", "-P-cbou", source.toString())
                .redirectOutput(dir.resolve("mosaicod.txt").toFile()).start();
        String warnings = new String(groff.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(groff.waitFor()).isZero();
        assertThat(warnings).isEmpty();
        assertThat(Files.readString(dir.resolve("mosaicod.txt"))).contains("mosaicod topic cat [OPTIONS] LOCATOR",
                "--max-chunk-size");
    }

    /** What bash's completion offers for the last of {@code words}, the command line typed so far. */
    private static List<String> complete(Path script, String... words) throws IOException, InterruptedException {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word.replace("'", "'\\''")).append('\'');
        }
        String program = "source '" + script + "'; COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; _mosaicod; printf '%s\\n' \"${COMPREPLY[@]}\"";
        Process bash = new ProcessBuilder("/bin/bash", "--norc", "-c", program).redirectErrorStream(true).start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).as(out).isZero();
        return out.lines().filter(line -> !line.isEmpty()).toList();
    }
}
