package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PsCommandTest {
    @TempDir
    Path dir;

    @Test
    void anUnreachableRepositoryIsOneLineNamingItsUrlAndExit1() {
        // nothing listens on port 1 of the loopback: the connection is refused at once
        MainRun run = MainRun.of(dir, Map.of("MOSAICOD_DB_URL", "postgresql://mosaico:secret@127.0.0.1:1/mosaico"),
                "ps");

        assertThat(run.exitCode()).isEqualTo(ExitCode.FATAL);
        assertThat(run.errLines()).singleElement().asString().startsWith("mosaicod: ps failed: ")
                .contains("jdbc:postgresql://127.0.0.1:1/mosaico").doesNotContain("secret");
        assertThat(run.out()).isEmpty();
    }
}
