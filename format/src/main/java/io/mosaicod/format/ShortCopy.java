package io.mosaicod.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Copies between byte arrays and raw memory (Arrow buffers), a word at a time below {@link #BULK} bytes: most
 * strings of robot topics (labels, frame and joint names) are a few bytes long, and for those the bulk copy's
 * fixed cost is most of the work.
 */
final class ShortCopy {

    /** From this length on, the bulk copy is faster. */
    private static final int BULK = 32;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private ShortCopy() {
    }

    /** Copies {@code array[at, at + length)} to {@code address}. */
    static void toMemory(byte[] array, int at, long address, int length) {
        if (length >= BULK) {
            MemoryUtil.copyToMemory(array, at, address, length);
            return;
        }
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            MemoryUtil.putLong(address + i, (long) WORDS.get(array, at + i));
        }
        for (; i < length; i++) {
            MemoryUtil.putByte(address + i, array[at + i]);
        }
    }

    /** Copies {@code length} bytes at {@code address} to {@code array[at, at + length)}. */
    static void fromMemory(long address, byte[] array, int at, int length) {
        if (length >= BULK) {
            MemoryUtil.copyFromMemory(address, array, at, length);
            return;
        }
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            WORDS.set(array, at + i, MemoryUtil.getLong(address + i));
        }
        for (; i < length; i++) {
            array[at + i] = MemoryUtil.getByte(address + i);
        }
    }
}
