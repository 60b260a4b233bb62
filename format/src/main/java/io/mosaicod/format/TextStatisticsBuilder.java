package io.mosaicod.format;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Accumulates {@link ColumnStatistics.Text} from UTF-8 bytes, copying only when a new minimum or maximum is seen. */
final class TextStatisticsBuilder {

    private byte[] min;
    private byte[] max;
    private boolean hasNull;

    void add(byte[] bytes, int length) {
        if (min == null || Arrays.compareUnsigned(bytes, 0, length, min, 0, min.length) < 0) {
            min = Arrays.copyOf(bytes, length);
        }
        if (max == null || Arrays.compareUnsigned(bytes, 0, length, max, 0, max.length) > 0) {
            max = Arrays.copyOf(bytes, length);
        }
    }

    void addNull() {
        hasNull = true;
    }

    ColumnStatistics.Text build(String path) {
        return new ColumnStatistics.Text(path, text(min), text(max), hasNull);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
