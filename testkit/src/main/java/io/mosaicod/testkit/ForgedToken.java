package io.mosaicod.testkit;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.zip.CRC32;

/**
 * What an attacker who saw an API key's fingerprint (listings show it) can make in microseconds: a well-formed token
 * {@code msco_<payload>_<fingerprint>} with that very fingerprint and another payload. CRC32 is affine over GF(2) for
 * messages of one length, so flipping chosen bits of a base payload moves its CRC by the XOR of what each flip moves
 * it by; Gaussian elimination picks the flips that land on the fingerprint. The flips (bits 0, 1 and 3 of a
 * {@code 'd'}) keep every character within {@code 'd'..'o'}, so the payload stays {@code [a-z0-9]}.
 */
public final class ForgedToken {
    private static final int PAYLOAD_CHARS = 32;
    private static final char BASE = 'd';
    private static final int[] FLIPPED_BITS = {0, 1, 3};

    private ForgedToken() {
    }

    /** A token of the right shape whose payload's CRC32 is {@code fingerprint} (8 lowercase hex digits). */
    public static String withFingerprint(String fingerprint) {
        byte[] base = String.valueOf(BASE).repeat(PAYLOAD_CHARS).getBytes(StandardCharsets.US_ASCII);
        long baseCrc = crc(base);
        int flips = PAYLOAD_CHARS * FLIPPED_BITS.length;
        // each row: what one flip does to the CRC (low 32 bits), and which flips it is made of (a bit set)
        long[] effect = new long[flips];
        BitSet[] madeOf = new BitSet[flips];
        for (int i = 0; i < flips; i++) {
            byte[] flipped = base.clone();
            flip(flipped, i);
            effect[i] = crc(flipped) ^ baseCrc;
            madeOf[i] = new BitSet(flips);
            madeOf[i].set(i);
        }
        long wanted = Long.parseLong(fingerprint, 16) ^ baseCrc;
        BitSet chosen = new BitSet(flips);
        int row = 0;
        for (int bit = 31; bit >= 0 && row < flips; bit--) {
            int pivot = row;
            while (pivot < flips && (effect[pivot] >>> bit & 1) == 0) {
                pivot++;
            }
            if (pivot == flips) {
                continue;
            }
            swap(effect, madeOf, row, pivot);
            for (int other = 0; other < flips; other++) {
                if (other != row && (effect[other] >>> bit & 1) == 1) {
                    effect[other] ^= effect[row];
                    madeOf[other].xor(madeOf[row]);
                }
            }
            if ((wanted >>> bit & 1) == 1) {
                wanted ^= effect[row];
                chosen.xor(madeOf[row]);
            }
            row++;
        }
        if (wanted != 0) {
            throw new IllegalStateException("no combination of flips reaches fingerprint " + fingerprint);
        }
        byte[] payload = base.clone();
        chosen.stream().forEach(i -> flip(payload, i));
        return "msco_" + new String(payload, StandardCharsets.US_ASCII) + "_" + fingerprint;
    }

    /** Flip number {@code i}: bit {@code FLIPPED_BITS[i % 3]} of character {@code i / 3}. */
    private static void flip(byte[] payload, int i) {
        payload[i / FLIPPED_BITS.length] ^= (byte) (1 << FLIPPED_BITS[i % FLIPPED_BITS.length]);
    }

    private static void swap(long[] effect, BitSet[] madeOf, int a, int b) {
        long e = effect[a];
        effect[a] = effect[b];
        effect[b] = e;
        BitSet m = madeOf[a];
        madeOf[a] = madeOf[b];
        madeOf[b] = m;
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
