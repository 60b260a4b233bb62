package io.mosaicod.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Decodes a nested leaf column (below structs, lists, fixed-size lists or maps) from PLAIN v1 pages: each page's
 * repetition and definition levels are decoded into arrays at once, then one pass over them rebuilds the
 * validity bits and offsets of every vector of the chain and copies the leaf values — runs of present
 * fixed-width values in one copy each. The vectors are grown once per page for the most slots the page's entries
 * can add, so the pass itself writes raw memory with no per-value checks. The levels mean what
 * {@link ColumnAssembler} (the generic path) reads them as; columns sharing an ancestor write the same validity
 * and offsets in it.
 */
final class NestedColumnDecoder implements DirectColumnDecoder {

    private final PathNode[] nodes;
    private final int leaf;
    private final PlainLayout.Kind kind;
    private final int width;
    private final int maxRepetition;
    private final int maxDefinition;
    private final int repetitionBits;
    private final int definitionBits;
    private final int[] depthOfRepetition;
    /** The most slots one level entry can add to each node: a null fixed-size list adds a slot per element. */
    private final int[] slotsPerEntry;
    private final DataPages pages = new DataPages();
    private long entriesLeftInChunk;

    private byte[] repetition = new byte[0];
    private byte[] definition = new byte[0];
    private int pageEntries;
    private int entry;
    private byte[] values;
    private int valuePosition;
    private int valueLimit;
    private int booleanBit;

    private FieldVector[] vectors;
    private final int[] count;
    private final long[] validity;
    private final long[] offsets;
    private long leafData;
    private long leafBytes;
    private int runSlot;
    private int runValue;
    private int runLength;

    NestedColumnDecoder(LeafColumn column, PlainLayout layout) {
        this.nodes = column.nodes();
        this.leaf = nodes.length - 1;
        this.kind = layout.kind();
        this.width = layout.width();
        this.maxRepetition = column.descriptor().getMaxRepetitionLevel();
        this.maxDefinition = column.descriptor().getMaxDefinitionLevel();
        this.repetitionBits = bitWidth(maxRepetition);
        this.definitionBits = bitWidth(maxDefinition);
        this.depthOfRepetition = new int[maxRepetition + 1];
        for (int r = 1; r <= maxRepetition; r++) {
            depthOfRepetition[r] = column.listDepth(r) + 1;
        }
        this.slotsPerEntry = new int[nodes.length];
        int slots = 1;
        for (int k = 0; k < nodes.length; k++) {
            slotsPerEntry[k] = slots;
            if (nodes[k].kind == PathNode.Kind.FIXED_SIZE_LIST) {
                slots = Math.multiplyExact(slots, Math.max(1, nodes[k].listSize));
            }
        }
        this.count = new int[nodes.length];
        this.validity = new long[nodes.length];
        this.offsets = new long[nodes.length];
    }

    private static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }

    @Override
    public void startRowGroup(byte[] bytes, int offset, int length, ColumnChunkMetaData chunk) {
        pages.start(bytes, offset, length, chunk.getCodec());
        entriesLeftInChunk = chunk.getValueCount();
        pageEntries = 0;
        entry = 0;
    }

    @Override
    public void bind(FieldVector[] chain) {
        this.vectors = chain;
        java.util.Arrays.fill(count, 0);
        leafBytes = 0;
        runLength = 0;
    }

    @Override
    public void release() {
        pages.release();
    }

    @Override
    public int readRows(int maxRows) throws IOException {
        int rows = 0;
        boolean first = true;
        while (entriesLeftInChunk > 0) {
            if (entry == pageEntries) {
                flushRun();
                nextPage();
                first = true;
            }
            if (first) {
                reserve(pageEntries - entry);
                first = false;
            }
            while (entry < pageEntries) {
                int r = repetition[entry];
                if (r == 0) {
                    if (rows == maxRows) {
                        finishBatch();
                        return rows;
                    }
                    rows++;
                }
                append(depthOfRepetition[r], definition[entry]);
                entry++;
                entriesLeftInChunk--;
            }
        }
        finishBatch();
        return rows;
    }

    private void nextPage() throws IOException {
        pages.next(entriesLeftInChunk);
        ByteBuffer bytes = pages.bytes();
        int n = pages.valueCount();
        if (repetition.length < n) {
            repetition = new byte[n];
            definition = new byte[n];
        }
        LevelDecoder.decode(bytes, pages.repetitionEncoding(), repetitionBits, n, repetition);
        LevelDecoder.decode(bytes, pages.definitionEncoding(), definitionBits, n, definition);
        int present = 0;
        for (int i = 0; i < n; i++) {
            if (repetition[i] > maxRepetition || definition[i] > maxDefinition || repetition[i] < 0
                    || definition[i] < 0) {
                throw new IOException("level entry " + i + " of a page has levels " + repetition[i] + "/"
                        + definition[i] + " beyond the column's " + maxRepetition + "/" + maxDefinition);
            }
            if (definition[i] == maxDefinition) {
                present++;
            }
        }
        values = bytes.array();
        valuePosition = bytes.arrayOffset() + bytes.position();
        valueLimit = bytes.arrayOffset() + bytes.limit();
        long needed = switch (kind) {
            case FIXED -> (long) present * width;
            case BOOLEAN -> (present + 7L) / 8;
            default -> (long) present * 4;
        };
        if (needed > valueLimit - valuePosition) {
            throw new IOException("a page of " + present + " values holds only " + (valueLimit - valuePosition)
                    + " bytes of them");
        }
        booleanBit = 0;
        pageEntries = n;
        entry = 0;
    }

    /** Grows every vector of the chain for the most slots {@code entries} level entries can add, and takes their addresses. */
    private void reserve(int entries) {
        for (int k = 0; k < nodes.length; k++) {
            int slots = Math.addExact(count[k], Math.multiplyExact(entries, slotsPerEntry[k]));
            reserveSlots(vectors[k], slots);
        }
        if (kind == PlainLayout.Kind.BYTES || kind == PlainLayout.Kind.LARGE_BYTES) {
            long bytes = leafBytes + (valueLimit - valuePosition);
            FieldVector v = vectors[leaf];
            if (v instanceof BaseVariableWidthVector vw) {
                while (vw.getDataBuffer().capacity() < bytes) {
                    vw.reallocDataBuffer();
                }
            } else {
                while (v.getDataBuffer().capacity() < bytes) {
                    ((BaseLargeVariableWidthVector) v).reallocDataBuffer();
                }
            }
        }
        for (int k = 0; k < nodes.length; k++) {
            validity[k] = vectors[k].getValidityBuffer().memoryAddress();
            PathNode.Kind nodeKind = nodes[k].kind;
            boolean hasOffsets = nodeKind == PathNode.Kind.LIST || nodeKind == PathNode.Kind.LARGE_LIST
                    || k == leaf && (kind == PlainLayout.Kind.BYTES || kind == PlainLayout.Kind.LARGE_BYTES);
            offsets[k] = hasOffsets ? vectors[k].getOffsetBuffer().memoryAddress() : 0;
            if (hasOffsets && count[k] == 0) {
                boolean large = nodeKind == PathNode.Kind.LARGE_LIST || k == leaf && kind == PlainLayout.Kind.LARGE_BYTES;
                if (large) {
                    MemoryUtil.putLong(offsets[k], 0);
                } else {
                    MemoryUtil.putInt(offsets[k], 0);
                }
            }
        }
        leafData = vectors[leaf].getDataBuffer().memoryAddress();
    }

    private static void reserveSlots(FieldVector v, int slots) {
        if (v instanceof BaseVariableWidthVector vw) {
            while (vw.getValueCapacity() < slots) {
                vw.reallocValidityAndOffsetBuffers();
            }
        } else if (v instanceof BaseLargeVariableWidthVector vw) {
            while (vw.getValueCapacity() < slots) {
                vw.reallocValidityAndOffsetBuffers();
            }
        } else if (v instanceof BaseFixedWidthVector || v instanceof ListVector || v instanceof LargeListVector) {
            while (v.getValueCapacity() < slots) {
                v.reAlloc();
            }
        } else {
            // structs and fixed-size lists: only their validity is theirs, their children are reserved as nodes
            while (v.getValidityBuffer().capacity() * 8L < slots) {
                v.reAlloc();
            }
        }
    }

    private void append(int depth, int def) {
        for (int k = depth; ; k++) {
            PathNode node = nodes[k];
            int index = count[k]++;
            if (k > 0) {
                extendList(k - 1);
            }
            if (def < node.presentDef) {
                appendNull(k, index);
                return;
            }
            setValid(k, index, true);
            switch (node.kind) {
                case LEAF -> {
                    readValue(index);
                    return;
                }
                case LIST -> MemoryUtil.putInt(offsets[k] + 4L * (index + 1), count[k + 1]);
                case LARGE_LIST -> MemoryUtil.putLong(offsets[k] + 8L * (index + 1), count[k + 1]);
                default -> {
                }
            }
            if (node.isList() && def < node.elementDef) {
                return; // an empty list
            }
        }
    }

    /** A new element was appended below the list at {@code depth}: move its current slot's end offset. */
    private void extendList(int depth) {
        PathNode.Kind list = nodes[depth].kind;
        if (list == PathNode.Kind.LIST) {
            MemoryUtil.putInt(offsets[depth] + 4L * count[depth], count[depth + 1]);
        } else if (list == PathNode.Kind.LARGE_LIST) {
            MemoryUtil.putLong(offsets[depth] + 8L * count[depth], count[depth + 1]);
        }
    }

    /** Appends a null at {@code depth} and the child slots Arrow needs below it (struct and fixed-size list). */
    private void appendNull(int depth, int index) {
        PathNode node = nodes[depth];
        setValid(depth, index, false);
        switch (node.kind) {
            case LEAF -> endBytes(index);
            case STRUCT -> appendNull(depth + 1, count[depth + 1]++);
            case LIST -> MemoryUtil.putInt(offsets[depth] + 4L * (index + 1), count[depth + 1]);
            case LARGE_LIST -> MemoryUtil.putLong(offsets[depth] + 8L * (index + 1), count[depth + 1]);
            case FIXED_SIZE_LIST -> {
                for (int i = 0; i < node.listSize; i++) {
                    appendNull(depth + 1, count[depth + 1]++);
                }
            }
        }
    }

    private void setValid(int depth, int index, boolean valid) {
        long address = validity[depth] + (index >>> 3);
        int b = MemoryUtil.getByte(address);
        int mask = 1 << (index & 7);
        MemoryUtil.putByte(address, (byte) (valid ? b | mask : b & ~mask));
    }

    private void readValue(int index) {
        switch (kind) {
            case FIXED -> {
                if (runLength > 0 && index == runSlot + runLength) {
                    runLength++;
                } else {
                    flushRun();
                    runSlot = index;
                    runValue = valuePosition;
                    runLength = 1;
                }
                valuePosition += width;
            }
            case BOOLEAN -> {
                int bit = values[valuePosition + (booleanBit >>> 3)] >>> (booleanBit & 7) & 1;
                booleanBit++;
                long address = leafData + (index >>> 3);
                int b = MemoryUtil.getByte(address);
                int mask = 1 << (index & 7);
                MemoryUtil.putByte(address, (byte) (bit != 0 ? b | mask : b & ~mask));
            }
            default -> {
                int length = (values[valuePosition] & 0xFF) | (values[valuePosition + 1] & 0xFF) << 8
                        | (values[valuePosition + 2] & 0xFF) << 16 | (values[valuePosition + 3] & 0xFF) << 24;
                if (length < 0 || length > valueLimit - valuePosition - 4) {
                    throw new IllegalStateException("byte array of " + length + " bytes overruns its page");
                }
                MemoryUtil.copyToMemory(values, valuePosition + 4L, leafData + leafBytes, length);
                valuePosition += 4 + length;
                leafBytes += length;
                endBytes(index);
            }
        }
    }

    /** Writes the end offset of a byte-array slot (present or null); fixed-width and boolean leaves have none. */
    private void endBytes(int index) {
        if (kind == PlainLayout.Kind.BYTES) {
            MemoryUtil.putInt(offsets[leaf] + 4L * (index + 1), (int) leafBytes);
        } else if (kind == PlainLayout.Kind.LARGE_BYTES) {
            MemoryUtil.putLong(offsets[leaf] + 8L * (index + 1), leafBytes);
        }
    }

    /** Copies the pending run of consecutive present fixed-width values in one go. */
    private void flushRun() {
        if (runLength > 0) {
            MemoryUtil.copyToMemory(values, runValue, leafData + (long) runSlot * width, (long) runLength * width);
            runLength = 0;
        }
    }

    private void finishBatch() {
        flushRun();
        for (int k = 0; k < nodes.length; k++) {
            int last = count[k] - 1;
            FieldVector v = vectors[k];
            if (v instanceof ListVector list) {
                list.setLastSet(last);
            } else if (v instanceof LargeListVector list) {
                list.setLastSet(last);
            } else if (v instanceof BaseVariableWidthVector bytes) {
                bytes.setLastSet(last);
            } else if (v instanceof BaseLargeVariableWidthVector bytes) {
                bytes.setLastSet(last);
            }
        }
    }
}
