package io.mosaicod.store;

/**
 * One entry of a delimited listing: either an object directly at the listed level, or a common prefix
 * standing for every object below it (a "folder", e.g. {@code tp_01J.../}).
 */
public sealed interface ListEntry permits ObjectInfo, PrefixEntry {

    /** The object key, or the prefix including its trailing {@code /}. */
    String key();
}
