package io.mosaicod.format;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Whether parquet-java would keep a dictionary for a flat column of one batch, judged by its own two rules but
 * without building the dictionary: it falls back to PLAIN when the dictionary outgrows its page
 * ({@code dictionaryPageBytes}, over the whole column), or when the first page's ids and the dictionary are not
 * smaller than that page's plain values. A dictionary profile has parquet-java try a dictionary on every column;
 * for random payloads, increasing timestamps and measured floats it always falls back, after copying every value
 * into a hash map and the pages twice (a 10 MiB upload's chunk allocated ~10 times its size on the heap:
 * docs/benchmarks.md, "Concurrent uploads"). Such a column is written PLAIN at once instead, by the direct
 * encoder: the encoding parquet-java ends with, with the same statistics. Values are told apart by a 64-bit hash
 * of their bytes (a long value's by three stretches of them, see {@link #SAMPLED_BYTES}); ids are counted as
 * parquet-java's hybrid encoding stores them, a run of 8 or more equal values as one run, the others at the ids'
 * bit width. The count stops once the distinct values' bytes pass the page.
 */
final class DictionaryFit {
    private static final long EMPTY = 0;
    /**
     * The set is sized for every row of a batch up to this many: growing it re-adds every hash, and a batch of
     * increasing timestamps is all distinct values (10,000 of them in a 10 MiB upload's batch).
     */
    private static final int EXPECTED_DISTINCT_CAP = 1 << 15;
    /**
     * Values longer than this are told apart by their length and three stretches of this many bytes (start,
     * middle, end) rather than by all their bytes: a 10 MiB batch of 1 KiB payloads spent ~5 % of the server's CPU
     * hashing them whole. Two values alike in those stretches count as one, which can only make a dictionary look
     * better than it is; parquet-java then tries it and falls back, as it did for every column before this class.
     */
    static final int SAMPLED_BYTES = 16;

    private DictionaryFit() {
    }

    /**
     * Whether parquet-java would keep a dictionary for rows {@code [0, rows)} of {@code vector}, whose first page
     * holds at most {@code firstPageRows} rows.
     */
    static boolean pays(FieldVector vector, int rows, long dictionaryPageBytes, int firstPageRows) {
        if (vector instanceof BitVector) {
            return false; // parquet-java has no dictionary for booleans
        }
        HashSet distinct = new HashSet(Math.min(rows, EXPECTED_DISTINCT_CAP));
        long dictionaryBytes = 0;
        long firstPagePlainBytes = 0;
        long firstPageDictionaryBytes = 0;
        int firstPageValues = 0;
        int firstPageDistinct = 0;
        int runValues = 0; // values of the first page in runs of 8 or more
        int runs = 0;
        long previous = 0;
        int run = 0;
        for (int i = 0; i < rows; i++) {
            if (vector.isNull(i)) {
                continue;
            }
            long length;
            long hash;
            if (vector instanceof BaseFixedWidthVector fixed) {
                length = fixed.getTypeWidth();
                hash = hash(fixed.getDataBuffer(), i * length, length);
            } else if (vector instanceof BaseVariableWidthVector variable) {
                ArrowBuf offsets = variable.getOffsetBuffer();
                long start = offsets.getInt(i * 4L);
                length = offsets.getInt(i * 4L + 4) - start + 4; // PLAIN stores a length before each value
                hash = hash(variable.getDataBuffer(), start, length - 4);
            } else if (vector instanceof BaseLargeVariableWidthVector variable) {
                ArrowBuf offsets = variable.getOffsetBuffer();
                long start = offsets.getLong(i * 8L);
                length = offsets.getLong(i * 8L + 8) - start + 4;
                hash = hash(variable.getDataBuffer(), start, length - 4);
            } else {
                return true; // a type this does not judge: let parquet-java try, as before
            }
            boolean firstPage = i < firstPageRows;
            if (distinct.add(hash)) {
                dictionaryBytes += length;
                if (dictionaryBytes > dictionaryPageBytes) {
                    return false;
                }
            }
            if (firstPage) {
                firstPageValues++;
                firstPagePlainBytes += length;
                firstPageDictionaryBytes = dictionaryBytes;
                firstPageDistinct = distinct.size();
                if (firstPageValues > 1 && hash == previous) {
                    run++;
                    if (run == 8) {
                        runs++;
                        runValues += 8;
                    } else if (run > 8) {
                        runValues++;
                    }
                } else {
                    run = 1;
                }
                previous = hash;
            }
        }
        int idBits = 32 - Integer.numberOfLeadingZeros(Math.max(0, firstPageDistinct - 1));
        long idBytes = ((long) (firstPageValues - runValues) * idBits + 7) / 8 + runs * (1L + (idBits + 7) / 8);
        return idBytes + firstPageDictionaryBytes < firstPagePlainBytes;
    }

    /**
     * A 64-bit hash of {@code length} bytes at {@code offset} of {@code buffer} (of a long value, of its
     * {@link #SAMPLED_BYTES} stretches only), never {@link #EMPTY}.
     */
    private static long hash(ArrowBuf buffer, long offset, long length) {
        long address = buffer.memoryAddress() + offset;
        long h = 0x9E3779B97F4A7C15L ^ length;
        if (length <= 4L * SAMPLED_BYTES) {
            h = hashBytes(h, address, length);
        } else {
            h = hashBytes(h, address, SAMPLED_BYTES);
            h = hashBytes(h, address + (length - SAMPLED_BYTES) / 2, SAMPLED_BYTES);
            h = hashBytes(h, address + length - SAMPLED_BYTES, SAMPLED_BYTES);
        }
        return h == EMPTY ? 1 : h;
    }

    private static long hashBytes(long h, long address, long length) {
        long i = 0;
        for (; i + 8 <= length; i += 8) {
            h = mix(h ^ MemoryUtil.getLong(address + i));
        }
        long tail = 0;
        for (int shift = 0; i < length; i++, shift += 8) {
            tail |= (MemoryUtil.getByte(address + i) & 0xFFL) << shift;
        }
        return mix(h ^ tail);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Open addressing over hashes, {@link #EMPTY} marking a free slot. */
    private static final class HashSet {
        private long[] slots;
        private int size;

        HashSet(int expected) {
            slots = new long[Integer.highestOneBit(Math.max(16, expected) * 2 - 1) << 1];
        }

        int size() {
            return size;
        }

        boolean add(long hash) {
            int mask = slots.length - 1;
            for (int at = (int) hash & mask; ; at = (at + 1) & mask) {
                if (slots[at] == hash) {
                    return false;
                }
                if (slots[at] == EMPTY) {
                    slots[at] = hash;
                    if (++size * 2 > slots.length) {
                        grow();
                    }
                    return true;
                }
            }
        }

        private void grow() {
            long[] old = slots;
            slots = new long[old.length * 2];
            size = 0;
            for (long h : old) {
                if (h != EMPTY) {
                    add(h);
                }
            }
        }
    }
}
