package io.mosaicod.db;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * What the cleanup (DESIGN.md §7) asks the repository: which store folders are still referenced, and the
 * record of its passes. Only one pass runs at a time across all instances: a pass holds a lease that
 * others cannot take until it ends or expires.
 */
public interface CleanupLedger {

    /** Every sequence folder, every topic folder and every fresh folder of an in-flight optimization. */
    Set<String> referencedFolders();

    /** The same check for one folder, made just before deleting it. */
    boolean isFolderReferenced(String folder);

    /**
     * Starts a pass for {@code instanceId} if no other pass holds the cleanup lease (or its lease expired),
     * recording it as running.
     */
    Optional<CleanupPass> beginPass(long instanceId, Duration leaseDuration);

    /** @return false once the pass no longer holds the cleanup lease */
    boolean renewPass(CleanupPass pass, Duration leaseDuration);

    /** Records the pass's end and result, and frees the cleanup lease if it still holds it. */
    void finishPass(CleanupPass pass, CleanupResult result);

    /** The most recently started pass. */
    Optional<CleanupRun> lastRun();
}
