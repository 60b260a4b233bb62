package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.RunVolume;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class TerminalProgressTest {
    @Test
    void drawsTheTopicItsShareAndClearsTheLineWhenDone() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TerminalProgress progress = new TerminalProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        RunVolume in = new RunVolume(10, 200_000_000, 1000);

        progress.rewriting("run_1/imu", 250, in);
        progress.rewriting("run_1/imu", 260, in); // within the redraw interval: not drawn
        progress.rewriting("run_1/imu", 1000, in);

        String drawn = bytes.toString(StandardCharsets.UTF_8);
        assertThat(drawn).contains("optimizing run_1/imu:  25% (50.0 MB of 200.0 MB)").doesNotContain(" 26%")
                .endsWith("\r\033[K");
    }
}
