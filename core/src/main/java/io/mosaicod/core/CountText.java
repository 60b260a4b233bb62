package io.mosaicod.core;

/** A count with its noun as people write it: {@code 1 chunk}, {@code 3 chunks}, {@code 0 chunks}. */
public final class CountText {
    private CountText() {
    }

    /** {@code count} and {@code noun}, which takes an {@code s} unless the count is one. */
    public static String of(long count, String noun) {
        return of(count, noun, noun + "s");
    }

    /** {@code count} and {@code singular} or {@code plural}, for a noun whose plural is not its singular + s. */
    public static String of(long count, String singular, String plural) {
        return count + " " + (count == 1 ? singular : plural);
    }
}
