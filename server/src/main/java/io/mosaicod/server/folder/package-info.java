/**
 * The {@code metadata.json} of sequence and topic folders: what a reader needs to understand a folder without
 * the repository (locator, user metadata, serialization format, ontology tag, creation time, Arrow schema).
 */
package io.mosaicod.server.folder;
