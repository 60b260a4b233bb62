package io.mosaicod.db;

/** Chunks, bytes and rows read or written by an optimization run. */
public record RunVolume(long chunks, long bytes, long rows) {
    public static final RunVolume NONE = new RunVolume(0, 0, 0);
}
