package io.mosaicod.tasks.cleanup;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What a pass does with one top-level folder, decided from what it saw, without I/O. Only {@link #DELETE}
 * and {@link #MARK_THEN_DELETE} destroy anything, and the pass re-checks the repository right before it does.
 */
enum FolderAction {
    /** Referenced and not marked: nothing to do. */
    KEEP,
    /** Referenced again after it was marked: the marker goes, the folder stays. */
    UNMARK,
    /** Unreferenced and not marked (or its marker's time is unreadable): mark it now. */
    MARK,
    /** As {@link #MARK}, with a zero retention: the folder is deleted right after it is marked. */
    MARK_THEN_DELETE,
    /** Unreferenced and marked less than the retention ago: leave it for a later pass. */
    WAIT,
    /** Unreferenced and marked at least the retention ago. */
    DELETE;

    /**
     * @param marked   whether the folder has a marker
     * @param markedAt the marker's time, empty if there is none or it is unreadable
     * @param now      the database time now
     */
    static FolderAction decide(boolean referenced, boolean marked, Optional<Instant> markedAt, Instant now,
                               Duration retention) {
        if (referenced) {
            return marked ? UNMARK : KEEP;
        }
        if (markedAt.isEmpty()) {
            return retention.isZero() ? MARK_THEN_DELETE : MARK;
        }
        return retentionElapsed(markedAt.get(), now, retention) ? DELETE : WAIT;
    }

    private static boolean retentionElapsed(Instant markedAt, Instant now, Duration retention) {
        return Duration.between(markedAt, now).compareTo(retention) >= 0;
    }
}
