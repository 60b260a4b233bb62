package io.mosaicod.store;

import java.io.EOFException;

/** The bounds rule both sources share: a read must lie entirely within the object. */
final class ReadRanges {
    private ReadRanges() {
    }

    static void check(String key, long position, int length, long size) throws EOFException {
        if (position < 0) {
            throw new IllegalArgumentException("negative read position " + position + " in '" + key + "'");
        }
        if (position + length > size) {
            throw new EOFException("read of " + length + " bytes at " + position + " is past the end of '" + key
                    + "' (" + size + " bytes)");
        }
    }
}
