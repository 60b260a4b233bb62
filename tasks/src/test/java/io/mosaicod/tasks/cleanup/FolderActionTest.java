package io.mosaicod.tasks.cleanup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The marking policy on its own: what a pass does with a folder, given what it saw. */
@Tag("fast")
class FolderActionTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Duration DAY = Duration.ofDays(1);

    private static FolderAction decide(boolean referenced, boolean marked, Optional<Instant> markedAt,
                                       Duration retention) {
        return FolderAction.decide(referenced, marked, markedAt, NOW, retention);
    }

    @Test
    void aReferencedFolderIsKeptAndLosesAnyMarker() {
        assertThat(decide(true, false, Optional.empty(), DAY)).isEqualTo(FolderAction.KEEP);
        assertThat(decide(true, true, Optional.of(NOW.minus(Duration.ofDays(30))), DAY)).isEqualTo(FolderAction.UNMARK);
        assertThat(decide(true, true, Optional.empty(), Duration.ZERO)).isEqualTo(FolderAction.UNMARK);
    }

    @Test
    void anUnreferencedUnmarkedFolderIsMarkedAndWithZeroRetentionDeletedAtOnce() {
        assertThat(decide(false, false, Optional.empty(), DAY)).isEqualTo(FolderAction.MARK);
        assertThat(decide(false, false, Optional.empty(), Duration.ZERO)).isEqualTo(FolderAction.MARK_THEN_DELETE);
    }

    @Test
    void aMarkerWithoutReadableTimeCountsAsNoMarker() {
        assertThat(decide(false, true, Optional.empty(), DAY)).isEqualTo(FolderAction.MARK);
    }

    @Test
    void aMarkedFolderWaitsUntilTheRetentionHasPassedToTheMillisecond() {
        assertThat(decide(false, true, Optional.of(NOW.minus(DAY).plusMillis(1)), DAY)).isEqualTo(FolderAction.WAIT);
        assertThat(decide(false, true, Optional.of(NOW.minus(DAY)), DAY)).isEqualTo(FolderAction.DELETE);
        assertThat(decide(false, true, Optional.of(NOW.minus(Duration.ofDays(9))), DAY)).isEqualTo(FolderAction.DELETE);
    }

    @Test
    void aMarkerFromTheFutureIsNotOldEnough() {
        // e.g. written against a database clock that was later set back
        assertThat(decide(false, true, Optional.of(NOW.plusSeconds(60)), Duration.ofSeconds(30)))
                .isEqualTo(FolderAction.WAIT);
    }

    @Test
    void withZeroRetentionAnyMarkedUnreferencedFolderIsDeleted() {
        assertThat(decide(false, true, Optional.of(NOW), Duration.ZERO)).isEqualTo(FolderAction.DELETE);
    }
}
