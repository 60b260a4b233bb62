package io.mosaicod.core.config;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints sizes in bytes: a plain byte count ({@code 256000000}) or an integer with a unit,
 * decimal ({@code kB MB GB TB}, powers of 1000) or binary ({@code KiB MiB GiB TiB}, powers of 1024); {@code B}
 * means bytes. Units are case-insensitive, a space between number and unit is allowed.
 */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("\\s*(\\d+)\\s*([a-zA-Z]*)\\s*");
    private static final long KIB = 1024L;
    private static final Map<String, Long> UNITS = Map.ofEntries(
            Map.entry("", 1L), Map.entry("b", 1L),
            Map.entry("kb", 1_000L), Map.entry("mb", 1_000_000L), Map.entry("gb", 1_000_000_000L),
            Map.entry("tb", 1_000_000_000_000L),
            Map.entry("kib", KIB), Map.entry("mib", KIB * KIB), Map.entry("gib", KIB * KIB * KIB),
            Map.entry("tib", KIB * KIB * KIB * KIB));

    private ByteSize() {
    }

    /** @throws IllegalArgumentException if {@code text} is not a non-negative size that fits in a long */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: " + text);
        }
        Long unit = UNITS.get(m.group(2).toLowerCase(Locale.ROOT));
        if (unit == null) {
            throw new IllegalArgumentException("unknown size unit: " + m.group(2));
        }
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("size too large: " + text, e);
        }
    }

    /** {@code 52428800} prints as {@code 52428800 (50 MiB)}; sizes that are no small whole binary unit print bare. */
    public static String describe(long bytes) {
        String[] names = {"TiB", "GiB", "MiB", "KiB"};
        long[] factors = {KIB * KIB * KIB * KIB, KIB * KIB * KIB, KIB * KIB, KIB};
        for (int i = 0; i < names.length; i++) {
            if (bytes >= factors[i] && bytes % factors[i] == 0 && bytes / factors[i] < KIB) {
                return bytes + " (" + bytes / factors[i] + " " + names[i] + ")";
            }
        }
        return Long.toString(bytes);
    }
}
