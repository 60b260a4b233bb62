package io.mosaicod.tasks.cleanup;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The content of a folder's {@code TO_DELETE} marker (DESIGN.md §7). Its first line is the database time at
 * which the folder was marked, ISO-8601 in UTC; the retention is counted from it. The database clock, not
 * the store's last-modified time, because every cleanup instance judges ages against that same clock
 * whatever the clocks of its machine and of the store.
 */
final class DeletionMarker {
    private DeletionMarker() {
    }

    static byte[] content(Instant markedAt, long instanceId, long runId) {
        return (markedAt + "\nmarked for deletion at this database time by mosaicod cleanup instance " + instanceId
                + ", pass " + runId + ": nothing in the repository referenced this folder\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The marking time, or empty if the marker was not written by {@link #content} (then it is re-marked). */
    static Optional<Instant> markedAt(byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        String firstLine = (end < 0 ? text : text.substring(0, end)).strip();
        try {
            return Optional.of(Instant.parse(firstLine));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
