package io.mosaicod.read.search;

import io.mosaicod.core.search.Condition;
import io.mosaicod.core.search.FilterValue;
import io.mosaicod.core.search.Glob;
import io.mosaicod.core.search.Operator;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * A condition on utf8 values ({@code $eq $neq $in $match}): equality on the UTF-8 bytes where they lie, without
 * decoding; {@code $match} decodes each value it tests, as its glob needs characters.
 */
final class TextTest implements ValueTest {
    private final Operator operator;
    private final byte[][] operands;
    private final Glob glob;
    private byte[] scratch = new byte[64];

    private TextTest(Operator operator, byte[][] operands, Glob glob) {
        this.operator = operator;
        this.operands = operands;
        this.glob = glob;
    }

    static TextTest of(Condition c) {
        byte[][] operands = c.operands().stream()
                .map(v -> ((FilterValue.Text) v).value().getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        return new TextTest(c.operator(), operands, c.operator() == Operator.MATCH ? c.glob() : null);
    }

    @Override
    public void test(FieldVector leaf, long[] matches) {
        int count = leaf.getValueCount();
        boolean large = leaf instanceof BaseLargeVariableWidthVector;
        long offsets = leaf.getOffsetBufferAddress();
        long data = leaf.getDataBufferAddress();
        long validity = leaf.getValidityBufferAddress();
        long dataBytes = leaf.getDataBuffer().capacity();
        for (int i = 0; i < count; i++) {
            if (!ValueTest.isValid(validity, i)) {
                continue;
            }
            long start = large ? MemoryUtil.getLong(offsets + 8L * i) : MemoryUtil.getInt(offsets + 4L * i);
            long end = large ? MemoryUtil.getLong(offsets + 8L * (i + 1)) : MemoryUtil.getInt(offsets + 4L * (i + 1));
            if (start < 0 || end < start || end > dataBytes) {
                throw new IllegalStateException("column " + leaf.getName() + " has a value outside its data");
            }
            if (matches(data + start, (int) (end - start))) {
                ValueTest.set(matches, i);
            }
        }
    }

    private boolean matches(long address, int length) {
        return switch (operator) {
            case EQ -> equal(address, length, operands[0]);
            case NEQ -> !equal(address, length, operands[0]);
            case IN -> {
                for (byte[] operand : operands) {
                    if (equal(address, length, operand)) {
                        yield true;
                    }
                }
                yield false;
            }
            case MATCH -> glob.matches(new String(copy(address, length), 0, length, StandardCharsets.UTF_8));
            default -> throw new IllegalStateException(operator + " does not apply to text");
        };
    }

    /** Whether the {@code length} bytes at {@code address} are {@code operand}. */
    static boolean equal(long address, int length, byte[] operand) {
        if (length != operand.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (MemoryUtil.getByte(address + i) != operand[i]) {
                return false;
            }
        }
        return true;
    }

    private byte[] copy(long address, int length) {
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, 2 * scratch.length)];
        }
        MemoryUtil.copyFromMemory(address, scratch, 0, length);
        return scratch;
    }
}
