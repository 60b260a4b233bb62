package io.mosaicod.core;

import java.security.SecureRandom;
import java.util.Objects;

/**
 * A ULID: 48-bit millisecond timestamp + 80 random bits, rendered as 26 Crockford base32 characters.
 * Folder names ({@code sq_<ULID>}, {@code tp_<ULID>}) and session locators use them, so they sort by
 * creation time and never collide across processes or machines.
 */
public final class Ulid implements Comparable<Ulid> {
    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();
    public static final int LENGTH = 26;

    private final long msb; // 48-bit time + 16 high random bits
    private final long lsb; // 64 low random bits

    private Ulid(long msb, long lsb) {
        this.msb = msb;
        this.lsb = lsb;
    }

    public static Ulid generate() {
        return at(System.currentTimeMillis());
    }

    public static Ulid at(long epochMillis) {
        if (epochMillis < 0 || epochMillis >= (1L << 48)) {
            throw new IllegalArgumentException("ULID time out of range: " + epochMillis);
        }
        byte[] random = new byte[10];
        RANDOM.nextBytes(random);
        long high16 = ((random[0] & 0xFFL) << 8) | (random[1] & 0xFFL);
        long low64 = 0;
        for (int i = 2; i < 10; i++) {
            low64 = (low64 << 8) | (random[i] & 0xFFL);
        }
        return new Ulid((epochMillis << 16) | high16, low64);
    }

    /** Parses the canonical 26-character form (case-insensitive). */
    public static Ulid parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.length() != LENGTH) {
            throw new IllegalArgumentException("not a ULID (expected 26 characters): '" + text + "'");
        }
        long msb = 0;
        long lsb = 0;
        for (int i = 0; i < LENGTH; i++) {
            int v = decode(text.charAt(i));
            if (v < 0 || (i == 0 && v > 7)) {
                throw new IllegalArgumentException("not a ULID: '" + text + "'");
            }
            // shift the 128-bit (msb, lsb) pair left by 5 and add v
            msb = (msb << 5) | (lsb >>> 59);
            lsb = (lsb << 5) | v;
        }
        return new Ulid(msb, lsb);
    }

    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public long epochMillis() {
        return msb >>> 16;
    }

    @Override
    public String toString() {
        char[] out = new char[LENGTH];
        long m = msb;
        long l = lsb;
        for (int i = LENGTH - 1; i >= 0; i--) {
            out[i] = ALPHABET[(int) (l & 31)];
            l = (l >>> 5) | (m << 59);
            m >>>= 5;
        }
        return new String(out);
    }

    private static int decode(char c) {
        char u = Character.toUpperCase(c);
        for (int i = 0; i < ALPHABET.length; i++) {
            if (ALPHABET[i] == u) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int compareTo(Ulid other) {
        int c = Long.compareUnsigned(msb, other.msb);
        return c != 0 ? c : Long.compareUnsigned(lsb, other.lsb);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ulid u && u.msb == msb && u.lsb == lsb;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(msb) * 31 + Long.hashCode(lsb);
    }
}
