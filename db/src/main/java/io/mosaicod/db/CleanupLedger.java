package io.mosaicod.db;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the cleanup (DESIGN.md §7) asks the repository: which store folders are retired (recorded when the last
 * reference to them ended) or still referenced, and the record of its passes. Only one pass runs at a time across
 * all instances: a pass holds a lease that others cannot take until it ends or expires.
 */
public interface CleanupLedger {

    /** Every sequence folder, every topic folder and every fresh folder of an in-flight optimization. */
    Set<String> referencedFolders();

    /** The same check for one folder, made just before deleting it. */
    boolean isFolderReferenced(String folder);

    /** The retired folders whose retention has passed by the database clock, oldest first. */
    List<RetiredFolder> dueForDeletion(Duration retention);

    /** Every retired folder, oldest first: what a dry run shows. */
    List<RetiredFolder> retiredFolders();

    /**
     * Records each of {@code folders} as retired now, in one transaction, if nothing references it and it is not
     * recorded yet (a recorded folder keeps its time, so repeated sweeps never postpone its deletion).
     *
     * @return how many were recorded by this call
     */
    int retireIfUnreferenced(List<String> folders, String reason);

    /**
     * Forgets a retired folder once it is deleted, or found referenced again (it is recorded anew when that
     * reference ends); only as read, so a retirement recorded meanwhile at a later time stays.
     */
    void forget(RetiredFolder retired);

    /** When the latest pass that swept the store for orphans began, if any did. */
    Optional<Instant> lastSweep();

    /** Notes that {@code pass} swept the whole store. */
    void recordSweep(CleanupPass pass);

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
