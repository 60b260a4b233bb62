/**
 * The cleanup (DESIGN.md §7, docs/cleanup.md): {@link io.mosaicod.tasks.cleanup.CleanupRoutine} runs passes that
 * delete the folders the repository recorded as retired once the retention has passed, re-checking the repository
 * before every deletion, and now and then sweep the store for orphans nothing recorded. It talks only to the
 * {@link io.mosaicod.db.Repository} and {@link io.mosaicod.store.ObjectStore} interfaces.
 */
package io.mosaicod.tasks.cleanup;
