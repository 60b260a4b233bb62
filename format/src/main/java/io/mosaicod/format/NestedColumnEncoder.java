package io.mosaicod.format;

import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;

/**
 * Encodes a nested leaf column (below structs, lists, fixed-size lists or maps) into PLAIN v1 data pages: the
 * chain's validity bits and offsets are walked in raw memory into arrays of repetition and definition levels,
 * present leaf values are appended to the page as they are met — consecutive fixed-width values in one copy —
 * and at the end of a page the levels are run-length / bit-pack encoded in front of the values
 * ({@link LevelEncoder}). Pages end only between rows. Levels mean what {@link ColumnShredder} (the path through
 * parquet-java's writers) writes; the leaf codec sees every value and null for the chunk's column statistics.
 * Used only for columns without Parquet statistics, which the profiles without a dictionary keep for
 * {@code timestamp_ns} alone.
 */
final class NestedColumnEncoder implements DirectColumnEncoder {

    private final LeafColumn column;
    private final PathNode[] nodes;
    private final int leaf;
    private final PlainLayout layout;
    private final PlainLayout.Kind kind;
    private final int width;
    private final int repetitionBits;
    private final int definitionBits;
    private final BufferedColumnChunk chunk;
    private final LeafCodec statisticsCodec;
    private final boolean statistics;
    private final int pageBytes;
    private final int pageRows;

    private final long[] validity;
    private final long[] offsets;
    private final boolean[] large;
    /** Per node: its slots per row, for chains of structs and fixed-size lists (see {@link #rowEntries}). */
    private final int[] slotsPerRow;
    /** The repetition levels of every row's entries when the chain has no variable-length list, else null. */
    private final byte[] rowEntries;
    /** Per node: whether it and every node below it down to the leaf are structs (and the leaf). */
    private final boolean[] structTailFrom;
    /**
     * The depth of the chain's one variable-length list when only structs are above it and only structs and the
     * leaf below it (see {@link #writeListRows}), else -1.
     */
    private final int listDepth;
    private long leafData;

    private byte[] repetition = new byte[1024];
    private byte[] definition = new byte[1024];
    private int entries;
    private int rows;
    private final GrowableBytes values = new GrowableBytes(4096);
    private final GrowableBytes page = new GrowableBytes(4096);
    private int booleans;
    private int runSlot;
    private int runLength;

    NestedColumnEncoder(LeafColumn column, PlainLayout layout, BufferedColumnChunk chunk, LeafCodec statisticsCodec,
                        int pageBytes, int pageRows) {
        this.column = column;
        this.nodes = column.nodes();
        this.leaf = nodes.length - 1;
        this.layout = layout;
        this.kind = layout.kind();
        this.width = layout.width();
        this.repetitionBits = bitWidth(column.descriptor().getMaxRepetitionLevel());
        this.definitionBits = bitWidth(column.descriptor().getMaxDefinitionLevel());
        this.chunk = chunk;
        this.statisticsCodec = statisticsCodec;
        this.statistics = statisticsCodec.collectsStatistics();
        this.pageBytes = pageBytes;
        this.pageRows = pageRows;
        this.validity = new long[nodes.length];
        this.offsets = new long[nodes.length];
        this.large = new boolean[nodes.length];
        this.slotsPerRow = new int[nodes.length];
        this.rowEntries = column.denseRowLevels(slotsPerRow);
        this.structTailFrom = new boolean[nodes.length];
        for (int k = nodes.length - 1; k >= 0; k--) {
            structTailFrom[k] = k == nodes.length - 1
                    || nodes[k].kind == PathNode.Kind.STRUCT && structTailFrom[k + 1];
        }
        int list = -1;
        for (int k = 0; k < nodes.length; k++) {
            if (nodes[k].kind == PathNode.Kind.LIST || nodes[k].kind == PathNode.Kind.LARGE_LIST) {
                list = k;
                break;
            }
            if (nodes[k].kind != PathNode.Kind.STRUCT) {
                break;
            }
        }
        this.listDepth = list >= 0 && structTailFrom[list + 1] ? list : -1;
        for (int k = 0; k < nodes.length; k++) {
            large[k] = nodes[k].kind == PathNode.Kind.LARGE_LIST || k == leaf && kind == PlainLayout.Kind.LARGE_BYTES;
        }
    }

    private static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }

    @Override
    public void bind(VectorSchemaRoot batch) {
        FieldVector[] vectors = column.vectors(batch);
        for (int k = 0; k < nodes.length; k++) {
            validity[k] = nodes[k].optional ? vectors[k].getValidityBuffer().memoryAddress() : 0;
            boolean hasOffsets = nodes[k].kind == PathNode.Kind.LIST || nodes[k].kind == PathNode.Kind.LARGE_LIST
                    || k == leaf && (kind == PlainLayout.Kind.BYTES || kind == PlainLayout.Kind.LARGE_BYTES);
            offsets[k] = hasOffsets ? vectors[k].getOffsetBuffer().memoryAddress() : 0;
        }
        leafData = vectors[leaf].getDataBuffer().memoryAddress();
        statisticsCodec.bind(vectors[leaf]);
    }

    @Override
    public long openPageBytes() {
        return values.size() + (long) entries * (repetitionBits + definitionBits) / 8;
    }

    @Override
    public long bufferedBytes() {
        return chunk.getMemSize() + openPageBytes();
    }

    @Override
    public void writeRows(int from, int to) throws IOException {
        boolean runs = kind != PlainLayout.Kind.BOOLEAN; // values that go out as runs of slots
        if (runs && rowEntries != null && allValid(from, to)) {
            writeDenseRows(from, to);
            return;
        }
        if (runs && listDepth >= 0 && elementsValid(from, to)) {
            writeListRows(from, to);
            return;
        }
        for (int row = from; row < to; row++) {
            writeSlot(0, row, 0, 0);
            rows++;
            if (rows == pageRows || values.size() >= pageBytes) {
                finishPage();
            }
        }
        flushRun(); // the run's values are read from this batch's buffers
    }

    /**
     * Rows of a chain without variable-length lists in which nothing is null: every row has the same levels
     * ({@link #rowEntries}, all definitions at the maximum) and its values are consecutive, so rows go out a
     * page's worth at a time.
     */
    private void writeDenseRows(int from, int to) throws IOException {
        int perRow = rowEntries.length;
        int maxDef = nodes[leaf].presentDef;
        int row = from;
        while (row < to) {
            int n = rowsFillingPage(row, Math.min(to - row, pageRows - rows), perRow);
            int added = n * perRow;
            if (entries + added > repetition.length) {
                repetition = Arrays.copyOf(repetition, Math.max(entries + added, entries * 2));
                definition = Arrays.copyOf(definition, repetition.length);
            }
            if (perRow == 1) {
                Arrays.fill(repetition, entries, entries + added, rowEntries[0]);
            } else {
                // the row's levels once, then the filled part copied onto the rest, doubling each time
                System.arraycopy(rowEntries, 0, repetition, entries, perRow);
                for (int filled = perRow; filled < added; filled *= 2) {
                    System.arraycopy(repetition, entries, repetition, entries + filled, Math.min(filled, added - filled));
                }
            }
            Arrays.fill(definition, entries, entries + added, (byte) maxDef);
            entries += added;
            extendRun(row * perRow, n * perRow);
            rows += n;
            row += n;
            if (rows == pageRows || pendingBytes() >= pageBytes) {
                finishPage();
            }
        }
        flushRun();
    }

    /**
     * How many rows from {@code row} on, at least one and at most {@code most}, fit in what is left of the page
     * ({@code perRow} slots each): their values' bytes, which for byte arrays the offsets tell (searched, as they
     * only grow).
     */
    private int rowsFillingPage(int row, int most, int perRow) {
        long room = pageBytes - pendingBytes();
        if (kind == PlainLayout.Kind.FIXED) {
            return (int) Math.max(1, Math.min(most, room / Math.max(1, perRow * width)));
        }
        long first = offset(row * perRow);
        int low = 1;
        int high = most;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            int slots = mid * perRow;
            if (offset(row * perRow + slots) - first + 4L * slots <= room) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** The open page's bytes with the pending run's values, which go in at the next flush. */
    private long pendingBytes() {
        if (runLength == 0) {
            return values.size();
        }
        long run = kind == PlainLayout.Kind.FIXED ? (long) runLength * width
                : offset(runSlot + runLength) - offset(runSlot) + 4L * runLength;
        return values.size() + run;
    }

    /**
     * Rows of a chain with one variable-length list (below structs, above structs and the leaf) whose elements
     * have no null at any level: a row is one entry where it or a struct above its list is null, one for an
     * empty list, or its list's length of entries at the maximum definition level, whose values are consecutive.
     */
    private void writeListRows(int from, int to) throws IOException {
        PathNode list = nodes[listDepth];
        byte elementRep = (byte) list.repetition;
        byte maxDef = (byte) nodes[leaf].presentDef;
        for (int row = from; row < to; row++) {
            int nullAt = firstNullDown(row);
            int start = (int) listOffset(row);
            int n = (int) listOffset(row + 1) - start;
            if (nullAt >= 0) {
                level(0, nullAt == 0 ? 0 : nodes[nullAt - 1].presentDef);
                statisticsCodec.noteNull();
            } else if (n <= 0) {
                level(0, list.presentDef);
            } else {
                if (entries + n > repetition.length) {
                    repetition = Arrays.copyOf(repetition, Math.max(entries + n, entries * 2));
                    definition = Arrays.copyOf(definition, repetition.length);
                }
                repetition[entries] = 0;
                Arrays.fill(repetition, entries + 1, entries + n, elementRep);
                Arrays.fill(definition, entries, entries + n, maxDef);
                entries += n;
                extendRun(start, n);
            }
            rows++;
            if (rows == pageRows || pendingBytes() >= pageBytes) {
                finishPage();
            }
        }
        flushRun();
    }

    /** The depth of the first null among the list's node and the structs above it at {@code row}, or -1. */
    private int firstNullDown(int row) {
        for (int k = 0; k <= listDepth; k++) {
            if (nodes[k].optional && !valid(k, row)) {
                return k;
            }
        }
        return -1;
    }

    private long listOffset(int slot) {
        return large[listDepth] ? MemoryUtil.getLong(offsets[listDepth] + 8L * slot)
                : MemoryUtil.getInt(offsets[listDepth] + 4L * slot);
    }

    /** For {@link #writeListRows}: nothing null below the list among the elements rows {@code [from, to)} hold. */
    private boolean elementsValid(int from, int to) {
        int first = (int) listOffset(from);
        int end = (int) listOffset(to);
        for (int k = listDepth + 1; k < nodes.length; k++) {
            if (nodes[k].optional && !ValidityWriter.allSet(validity[k], first, end - first)) {
                return false;
            }
        }
        return true;
    }

    /** Whether every optional node of the chain is valid in all the slots rows {@code [from, to)} span. */
    private boolean allValid(int from, int to) {
        for (int k = 0; k < nodes.length; k++) {
            int m = slotsPerRow[k];
            if (nodes[k].optional && !ValidityWriter.allSet(validity[k], from * m, (to - from) * m)) {
                return false;
            }
        }
        return true;
    }

    private void writeSlot(int depth, int index, int rep, int parentDef) {
        PathNode node = nodes[depth];
        if (node.optional && !valid(depth, index)) {
            level(rep, parentDef);
            statisticsCodec.noteNull();
            return;
        }
        int def = node.presentDef;
        switch (node.kind) {
            case LEAF -> {
                level(rep, def);
                value(index);
            }
            case STRUCT -> writeSlot(depth + 1, index, rep, def);
            default -> {
                long start;
                long end;
                if (node.kind == PathNode.Kind.FIXED_SIZE_LIST) {
                    start = (long) index * node.listSize;
                    end = start + node.listSize;
                } else if (large[depth]) {
                    start = MemoryUtil.getLong(offsets[depth] + 8L * index);
                    end = MemoryUtil.getLong(offsets[depth] + 8L * index + 8);
                } else {
                    start = MemoryUtil.getInt(offsets[depth] + 4L * index);
                    end = MemoryUtil.getInt(offsets[depth] + 4L * index + 4);
                }
                if (start >= end) {
                    level(rep, def); // an empty list
                    return;
                }
                if (structTailFrom[depth + 1]) {
                    writeElements((int) start, (int) end, rep, depth);
                    return;
                }
                writeSlot(depth + 1, (int) start, rep, node.elementDef);
                for (long j = start + 1; j < end; j++) {
                    writeSlot(depth + 1, (int) j, node.repetition, node.elementDef);
                }
            }
        }
    }

    /**
     * The elements {@code [start, end)} of the list slot at {@code depth} whose chain below is structs and the
     * leaf ({@link #structTailFrom}): {@link #writeSlot} for each, without the recursion — a struct's slot has its
     * element's index, so an element's levels are where its first null is, or the leaf's if it has none.
     */
    private void writeElements(int start, int end, int rep, int depth) {
        PathNode list = nodes[depth];
        for (int j = start; j < end; j++) {
            int r = j == start ? rep : list.repetition;
            int def = list.elementDef;
            boolean present = true;
            for (int k = depth + 1; k <= leaf; k++) {
                if (nodes[k].optional && !valid(k, j)) {
                    present = false;
                    break;
                }
                def = nodes[k].presentDef;
            }
            level(r, def);
            if (present) {
                value(j);
            } else {
                statisticsCodec.noteNull();
            }
        }
    }

    private boolean valid(int depth, int index) {
        return (MemoryUtil.getByte(validity[depth] + (index >>> 3)) & (1 << (index & 7))) != 0;
    }

    private void level(int rep, int def) {
        if (entries == repetition.length) {
            repetition = Arrays.copyOf(repetition, entries * 2);
            definition = Arrays.copyOf(definition, entries * 2);
        }
        repetition[entries] = (byte) rep;
        definition[entries] = (byte) def;
        entries++;
    }

    /**
     * Appends the present leaf value at {@code index} to the page. Consecutive present slots form a run, whose
     * statistics are taken at once and whose fixed-width values are copied at once.
     */
    private void value(int index) {
        extendRun(index, 1);
        switch (kind) {
            case FIXED -> {
            }
            case BOOLEAN -> {
                if ((booleans & 7) == 0) {
                    values.write(0);
                }
                if ((MemoryUtil.getByte(leafData + (index >>> 3)) & (1 << (index & 7))) != 0) {
                    values.array()[values.size() - 1] |= (byte) (1 << (booleans & 7));
                }
                booleans++;
            }
            default -> {
            }
        }
    }

    /** Adds slots {@code [slot, slot + n)} to the pending run of consecutive present values (or starts one). */
    private void extendRun(int slot, int n) {
        if (runLength > 0 && slot == runSlot + runLength) {
            runLength += n;
        } else {
            flushRun();
            runSlot = slot;
            runLength = n;
        }
    }

    private void flushRun() {
        if (runLength > 0) {
            if (kind == PlainLayout.Kind.FIXED) {
                values.ensure(runLength * width);
                layout.encode(leafData + (long) runSlot * layout.arrowWidth(), values.array(), values.size(), runLength);
                values.advance(runLength * width);
            } else if (kind != PlainLayout.Kind.BOOLEAN) {
                writeByteArrays();
            }
            if (statistics) {
                statisticsCodec.observe(runSlot, runLength);
            }
            runLength = 0;
        }
    }

    /** PLAIN byte arrays of the run: each value's length, then its bytes. */
    private void writeByteArrays() {
        long first = offset(runSlot);
        long last = offset(runSlot + runLength);
        values.ensure(Math.toIntExact(last - first + 4L * runLength));
        byte[] array = values.array();
        int at = values.size();
        long start = first;
        for (int i = runSlot + 1; i <= runSlot + runLength; i++) {
            long end = offset(i);
            int length = (int) (end - start);
            array[at] = (byte) length;
            array[at + 1] = (byte) (length >>> 8);
            array[at + 2] = (byte) (length >>> 16);
            array[at + 3] = (byte) (length >>> 24);
            ShortCopy.fromMemory(leafData + start, array, at + 4, length);
            at += 4 + length;
            start = end;
        }
        values.advance(at - values.size());
    }

    private long offset(int slot) {
        return large[leaf] ? MemoryUtil.getLong(offsets[leaf] + 8L * slot) : MemoryUtil.getInt(offsets[leaf] + 4L * slot);
    }

    @Override
    public void finishPage() throws IOException {
        if (entries == 0) {
            return;
        }
        flushRun();
        page.reset();
        LevelEncoder.encode(repetition, entries, repetitionBits, page);
        LevelEncoder.encode(definition, entries, definitionBits, page);
        page.write(values.array(), 0, values.size());
        chunk.addPage(page.array(), 0, page.size(), entries, rows,
                Statistics.noopStats(chunk.descriptor().getPrimitiveType()), Encoding.RLE, Encoding.RLE,
                Encoding.PLAIN);
        entries = 0;
        rows = 0;
        booleans = 0;
        values.reset();
    }

    @Override
    public void release() {
        values.release();
        page.release();
    }
}
