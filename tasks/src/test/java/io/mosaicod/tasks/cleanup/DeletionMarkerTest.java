package io.mosaicod.tasks.cleanup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class DeletionMarkerTest {

    @Test
    void theMarkingTimeRoundTripsToTheMillisecondAndTheMarkerSaysWhoWroteIt() {
        Instant markedAt = Instant.parse("2026-03-01T12:34:56.789Z");
        byte[] content = DeletionMarker.content(markedAt, 12, 34);

        assertThat(DeletionMarker.markedAt(content)).contains(markedAt);
        assertThat(new String(content, StandardCharsets.UTF_8)).startsWith("2026-03-01T12:34:56.789Z\n")
                .contains("instance 12", "pass 34");
    }

    @Test
    void aMarkerNotWrittenByThisCleanupHasNoTime() {
        assertThat(DeletionMarker.markedAt(new byte[0])).isEmpty();
        assertThat(DeletionMarker.markedAt("yes, delete me".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(DeletionMarker.markedAt("2026-03-01T12:00:00Z".getBytes(StandardCharsets.UTF_8)))
                .as("a bare time without newline is still read")
                .contains(Instant.parse("2026-03-01T12:00:00Z"));
    }
}
