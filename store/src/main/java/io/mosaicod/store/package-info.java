/**
 * The object store (DESIGN.md §5): {@link io.mosaicod.store.ObjectStore} with a local-directory and an S3
 * implementation ({@link io.mosaicod.store.ObjectStores#open} picks one from the configuration), and the
 * folder layout ({@link io.mosaicod.store.Folder}). The chunk codec reads objects through
 * {@link io.mosaicod.core.io.RandomAccessSource} and writes them through {@link io.mosaicod.store.ObjectWriter}.
 */
package io.mosaicod.store;
