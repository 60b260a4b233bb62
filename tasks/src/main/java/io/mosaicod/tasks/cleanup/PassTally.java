package io.mosaicod.tasks.cleanup;

import io.mosaicod.core.FailureText;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupState;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pass has done so far. Errors are kept one line each (the ledger stores them one per line), and only
 * the first {@value #MAX_ERRORS}: a store that fails for every folder must not flood the cleanup log.
 */
final class PassTally {
    static final int MAX_ERRORS = 100;

    private int marked;
    private int deleted;
    private int failed;
    private final List<String> errors = new ArrayList<>();
    private int errorsDropped;

    /** Folders a sweep newly recorded as retired. */
    void marked(int folders) {
        marked += folders;
    }

    void deleted() {
        deleted++;
    }

    /** A folder the pass could not handle; the next pass tries it again. */
    void failed(String folder, Exception error) {
        failed++;
        error(folder + ": " + FailureText.of(error));
    }

    /** An error of the pass as a whole (listing the store, losing the lease), not of one folder. */
    void error(String message) {
        if (errors.size() < MAX_ERRORS) {
            errors.add(message.strip().replaceAll("\\s*\\R\\s*", " "));
        } else {
            errorsDropped++;
        }
    }

    int failedCount() {
        return failed;
    }

    CleanupResult result(CleanupState state) {
        List<String> all = new ArrayList<>(errors);
        if (errorsDropped > 0) {
            all.add("... and " + errorsDropped + " more errors");
        }
        return new CleanupResult(state, marked, deleted, failed, all);
    }
}
