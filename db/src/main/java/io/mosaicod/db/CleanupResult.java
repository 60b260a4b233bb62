package io.mosaicod.db;

import java.util.List;
import java.util.Objects;

/**
 * What a pass did: folders its sweep newly recorded as retired ({@code marked}, upstream's word), deleted, that
 * failed to delete, and the errors seen.
 */
public record CleanupResult(CleanupState state, int marked, int deleted, int failed, List<String> errors) {
    public CleanupResult {
        Objects.requireNonNull(state, "state");
        errors = List.copyOf(errors);
    }
}
