/**
 * The cleanup (DESIGN.md §7, docs/cleanup.md): {@link io.mosaicod.tasks.cleanup.CleanupRoutine} runs passes
 * that mark unreferenced store folders with a {@code TO_DELETE} marker and delete them once the retention has
 * passed, re-checking the repository before every step that could lose data. It talks only to the
 * {@link io.mosaicod.db.Repository} and {@link io.mosaicod.store.ObjectStore} interfaces; the decision for one
 * folder ({@code FolderAction}) involves no I/O at all.
 */
package io.mosaicod.tasks.cleanup;
