package io.mosaicod.format;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Decodes a leaf column — flat, or below structs, lists, fixed-size lists or maps — straight from the PLAIN v1
 * pages of its column chunk's bytes ({@link DataPages}) into the Arrow vectors of its chain, in bulk, without
 * parquet-java's per-value readers: what the profiles without a dictionary write. Each page's
 * repetition and definition levels are decoded into arrays at once, then one pass over them rebuilds the
 * validity bits and offsets of every vector of the chain and copies the leaf values — runs of present
 * fixed-width values in one copy each. The vectors are grown once per page for the most slots the page's entries
 * can add, so the pass itself writes raw memory with no per-value checks. The levels mean what
 * {@link ColumnAssembler} (the generic path) reads them as; columns sharing an ancestor write the same validity
 * and offsets in it.
 */
final class PlainColumnDecoder {

    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final LeafColumn column;
    private final PathNode[] nodes;
    /** Per node: whether this column builds it, or only counts its slots (another column builds it first). */
    private final boolean[] built;
    private final SharedAncestors ancestors;
    private final int leaf;
    private final PlainLayout layout;
    private final PlainLayout.Kind kind;
    private final int width;
    private final int maxRepetition;
    private final int maxDefinition;
    private final int[] depthOfRepetition;
    /** The most slots one level entry can add to each node: a null fixed-size list adds a slot per element. */
    private final int[] slotsPerEntry;
    /** Per node: lists above it (the highest repetition level that starts a slot of it) ... */
    private final int[] listsAbove;
    /** ... and the definition level an entry needs for the node to have a slot. */
    private final int[] existsAt;
    /**
     * The chain's fixed-size lists. A null slot of one (null itself, or under a null struct) needs a null child
     * slot per element, which only the entry-by-entry assembly ({@link #append}) makes; ranges without such
     * nulls are built node by node ({@link #assembleNode}).
     */
    private final int[] fixedSizeLists;
    private final ValidityWriter bits = new ValidityWriter();
    /**
     * Per node: whether none of its slots among the entries being assembled is null, so its validity is all ones
     * and a leaf's values are one run ({@link #countDefinitions}).
     */
    private final boolean[] nullFree;
    /** How many of the page's entries have each definition level (and each repetition level, unused). */
    private final int[] pageDefinitions = new int[256];
    private final int[] pageRepetitions = new int[256];
    /** How many of the entries being assembled have each definition level: the page's, for all of a page. */
    private final int[] definitionCounts = new int[256];
    /** Per node: its slots per row, for chains of structs and fixed-size lists (see {@link #rowLevels}). */
    private final int[] slotsPerRow;
    /** The repetition levels of every row when the chain has no variable-length list and nothing is null, or null. */
    private final byte[] rowLevels;
    private byte[] denseLevels = new byte[0];
    private final DataPages pages = new DataPages();
    private long entriesLeftInChunk;

    private byte[] repetition = new byte[0];
    private byte[] definition = new byte[0];
    private int pageEntries;
    /** Entries with repetition level 0 — rows starting — among the page's entries not yet taken. */
    private int pageRowStarts;
    /** Every entry of the page is a present leaf value: no nulls, no empty lists at any depth. */
    private boolean allPresent;
    private int entry;
    private byte[] values;
    private int valuePosition;
    private int valueLimit;
    private int booleanBit;

    private FieldVector[] vectors;
    private final int[] count;
    /** Slots each node gains from the entries being assembled, as {@link #reserve} counted them. */
    private final int[] added;
    private final long[] validity;
    private final long[] offsets;
    private long leafData;
    private long leafBytes;
    private int runSlot;
    private int runValue;
    private int runLength;

    /**
     * The decoder of {@code column}, or null when its values need converting (its leaf has no plain layout);
     * {@code built} says which nodes of its chain it builds ({@link SharedAncestors#built}).
     */
    static PlainColumnDecoder forColumn(LeafColumn column, SharedAncestors ancestors, boolean[] built) {
        PlainLayout leaf = PlainLayout.of(column);
        return leaf == null ? null : new PlainColumnDecoder(column, leaf, ancestors, built);
    }

    private PlainColumnDecoder(LeafColumn column, PlainLayout layout, SharedAncestors ancestors, boolean[] built) {
        this.column = column;
        this.ancestors = ancestors;
        this.built = built;
        this.nodes = column.nodes();
        this.leaf = nodes.length - 1;
        this.layout = layout;
        this.kind = layout.kind();
        this.width = layout.width();
        this.maxRepetition = column.descriptor().getMaxRepetitionLevel();
        this.maxDefinition = column.descriptor().getMaxDefinitionLevel();
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
        this.listsAbove = new int[nodes.length];
        this.existsAt = new int[nodes.length];
        for (int k = 1; k < nodes.length; k++) {
            PathNode parent = nodes[k - 1];
            listsAbove[k] = listsAbove[k - 1] + (parent.isList() ? 1 : 0);
            existsAt[k] = parent.isList() ? parent.elementDef : existsAt[k - 1];
        }
        this.fixedSizeLists = java.util.stream.IntStream.range(0, nodes.length)
                .filter(k -> nodes[k].kind == PathNode.Kind.FIXED_SIZE_LIST).toArray();
        this.slotsPerRow = new int[nodes.length];
        this.rowLevels = column.denseRowLevels(slotsPerRow);
        this.nullFree = new boolean[nodes.length];
        this.count = new int[nodes.length];
        this.added = new int[nodes.length];
        this.validity = new long[nodes.length];
        this.offsets = new long[nodes.length];
    }

    /**
     * Starts on a column chunk held in {@code bytes[offset, offset + length)}, which the caller keeps intact
     * until the row group is done.
     */
    void startRowGroup(byte[] bytes, int offset, int length, ColumnChunkMetaData chunk) {
        pages.start(bytes, offset, length, chunk.getCodec());
        entriesLeftInChunk = chunk.getValueCount();
        pageEntries = 0;
        entry = 0;
    }

    /** Binds the next batch's vectors of the column's chain, top-level first; they are empty. */
    void bind(FieldVector[] chain) {
        this.vectors = chain;
        java.util.Arrays.fill(count, 0);
        leafBytes = 0;
        runLength = 0;
    }

    /**
     * Gives the page buffer and level arrays back to the pool: a decoder lives as long as its chunk is open,
     * long enough for the garbage collector to move its arrays to the old generation, where thousands of
     * chunks' arrays would grow the heap (hundreds of MB on a 2 GB nested topic) before a collection.
     */
    void release() {
        pages.release();
        SlabPool pool = SlabPool.shared();
        pool.release(repetition);
        pool.release(definition);
        pool.release(denseLevels);
        repetition = new byte[0];
        definition = new byte[0];
        denseLevels = new byte[0];
    }

    /** Reads up to {@code maxRows} top-level rows into the bound vectors from slot 0; returns how many. */
    int readRows(int maxRows) throws IOException {
        int rows = 0;
        while (entriesLeftInChunk > 0) {
            if (entry == pageEntries) {
                flushRun();
                nextPage();
            }
            int dense = allPresent ? denseRows(maxRows - rows) : 0;
            if (dense > 0) {
                assembleDense(dense);
                rows += dense;
                pageRowStarts -= dense;
                int end = entry + dense * rowLevels.length;
                entriesLeftInChunk -= end - entry;
                entry = end;
                if (rows == maxRows && entry < pageEntries) {
                    break;
                }
                continue;
            }
            int end;
            int firstRow = rows;
            if (maxRepetition == 0) {
                end = entry + Math.min(pageEntries - entry, maxRows - rows); // a row per entry
                rows += end - entry;
            } else { // up to the first row start that does not fit
                end = LevelScan.nth(repetition, entry, pageEntries, 0, maxRows - rows);
                rows = end < pageEntries ? maxRows : rows + pageRowStarts;
            }
            pageRowStarts -= rows - firstRow;
            if (allPresent || !hasNullFixedSizeList(entry, end)) {
                countDefinitions(entry, end);
                reserve(entry, end, rows - firstRow);
                for (int k = 0; k < nodes.length; k++) {
                    if (built[k]) {
                        assembleNode(k, entry, end);
                    } else {
                        count[k] += added[k];
                    }
                }
            } else {
                reserve(-1, end - entry, 0);
                for (int i = entry; i < end; i++) {
                    append(depthOfRepetition[repetition[i]], definition[i]);
                }
            }
            entriesLeftInChunk -= end - entry;
            entry = end;
            if (end < pageEntries) {
                break; // the batch is full
            }
        }
        finishBatch();
        return rows;
    }

    /**
     * How many whole rows, up to {@code maxRows}, from the current entry on have exactly the levels every row of a
     * chain of structs and fixed-size lists has when nothing is null ({@link #rowLevels}): those rows are built
     * arithmetically ({@link #assembleDense}). 0 when the chain has a variable-length list, or the levels differ.
     */
    private int denseRows(int maxRows) {
        if (rowLevels == null) {
            return 0;
        }
        int perRow = rowLevels.length;
        int rows = Math.min(maxRows, (pageEntries - entry) / perRow);
        int entries = rows * perRow;
        if (rows == 0 || maxRepetition > 0
                && Arrays.mismatch(repetition, entry, entry + entries, denseLevels(entries), 0, entries) >= 0) {
            return 0;
        }
        return rows;
    }

    /** {@link #rowLevels} repeated to {@code entries} entries, kept for the next pages. */
    private byte[] denseLevels(int entries) {
        if (denseLevels.length < entries) {
            SlabPool.shared().release(denseLevels);
            byte[] levels = SlabPool.shared().acquire(Math.max(entries, 2 * denseLevels.length));
            int perRow = rowLevels.length;
            int whole = levels.length / perRow * perRow;
            System.arraycopy(rowLevels, 0, levels, 0, Math.min(perRow, whole));
            for (int filled = perRow; filled < whole; filled *= 2) { // the filled part copied onto the rest
                System.arraycopy(levels, 0, levels, filled, Math.min(filled, whole - filled));
            }
            denseLevels = levels;
        }
        return denseLevels;
    }

    /** {@code rows} rows without nulls of a chain of structs and fixed-size lists: all slots valid, one run of values. */
    private void assembleDense(int rows) {
        for (int k = 0; k < nodes.length; k++) {
            int slots = Math.multiplyExact(rows, slotsPerRow[k]);
            reserveSlots(vectors[k], Math.addExact(count[k], slots));
        }
        reserveBytes();
        takeAddresses();
        for (int k = 0; k < nodes.length; k++) {
            int slots = rows * slotsPerRow[k];
            if (built[k]) {
                ValidityWriter.setOnes(validity[k], count[k], slots);
            }
            if (k == leaf) {
                if (kind == PlainLayout.Kind.FIXED) {
                    extendRun(count[k], slots);
                } else if (isByteArray()) {
                    copyByteArrays(count[k], slots);
                } else {
                    for (int slot = count[k]; slot < count[k] + slots; slot++) {
                        readValue(slot);
                    }
                }
            }
            count[k] += slots;
        }
    }

    /**
     * Builds node {@code k}'s slots for level entries {@code [from, to)} in one pass over the levels: entry
     * {@code i} starts a slot at node {@code k} when its repetition level is at most the number of lists above
     * {@code k} and its definition level reaches what the slot's existence needs (a present, non-empty parent
     * list; a struct's child exists wherever the struct does); the slot is valid when the definition level
     * reaches the node's own. A list's slot starts at its child count so far; the last slot's end is written
     * after the pass.
     */
    private void assembleNode(int k, int from, int to) {
        int maxRep = listsAbove[k];
        int needDef = existsAt[k];
        int validDef = nodes[k].presentDef;
        PathNode.Kind nodeKind = nodes[k].kind;
        boolean list = nodeKind == PathNode.Kind.LIST || nodeKind == PathNode.Kind.LARGE_LIST;
        if (nullFree[k] && !list) {
            assemblePresent(k);
            return;
        }
        bits.start(validity[k], count[k]);
        if (list) {
            boolean large = nodeKind == PathNode.Kind.LARGE_LIST;
            int childRep = maxRep + 1;
            int childDef = nodes[k].elementDef;
            int children = count[k + 1];
            int slot = count[k];
            long offsetsAt = offsets[k];
            if (nullFree[k] && allPresent && childRep >= maxRepetition) { // every entry is an element of it
                slot = putStarts(from, to, maxRep, offsetsAt, slot, children - from, large);
                children += to - from;
                putOffset(offsetsAt, slot, children, large);
                ValidityWriter.setOnes(validity[k], count[k], slot - count[k]);
                count[k] = slot;
                return;
            }
            if (nullFree[k]) { // every slot valid: only where slots and elements start is left to find
                for (int i = from; i < to; i++) {
                    int r = repetition[i];
                    int d = definition[i];
                    if (r <= maxRep && d >= needDef) {
                        putOffset(offsetsAt, slot++, children, large);
                    }
                    if (r <= childRep && d >= childDef) {
                        children++;
                    }
                }
                putOffset(offsetsAt, slot, children, large);
                ValidityWriter.setOnes(validity[k], count[k], slot - count[k]);
                count[k] = slot;
                return;
            }
            for (int i = from; i < to; i++) {
                int r = repetition[i];
                int d = definition[i];
                if (r <= maxRep && d >= needDef) {
                    bits.append(d >= validDef);
                    putOffset(offsetsAt, slot++, children, large);
                }
                if (r <= childRep && d >= childDef) {
                    children++;
                }
            }
            putOffset(offsetsAt, slot, children, large);
        } else if (nodeKind == PathNode.Kind.LEAF) {
            boolean byteArrays = isByteArray();
            int run = count[k]; // byte arrays: the present ones from here on are copied together
            for (int i = from; i < to; i++) {
                int d = definition[i];
                if (repetition[i] <= maxRep && d >= needDef) {
                    int slot = count[k]++;
                    boolean valid = d >= validDef;
                    bits.append(valid);
                    if (valid && !byteArrays) {
                        readValue(slot);
                    } else if (!valid && byteArrays) {
                        copyByteArrays(run, slot - run);
                        endBytes(slot);
                        run = slot + 1;
                    }
                }
            }
            if (byteArrays) {
                copyByteArrays(run, count[k] - run);
            }
        } else { // structs and fixed-size lists: only validity is theirs
            for (int i = from; i < to; i++) {
                int d = definition[i];
                if (repetition[i] <= maxRep && d >= needDef) {
                    bits.append(d >= validDef);
                }
            }
        }
        count[k] = bits.finish();
    }

    /**
     * Writes the start offset of a list slot for each entry of {@code [from, to)} whose repetition level is at
     * most {@code maxRep}, its element index being {@code base} + the entry's index; returns the next slot.
     */
    private int putStarts(int from, int to, int maxRep, long offsetsAt, int slot, int base, boolean large) {
        long bias = LevelScan.bias(maxRep);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            for (long starts = LevelScan.atMost(repetition, i, bias); starts != 0; starts &= starts - 1) {
                putOffset(offsetsAt, slot++, base + i + LevelScan.entryOf(starts), large);
            }
        }
        for (; i < to; i++) {
            if (repetition[i] <= maxRep) {
                putOffset(offsetsAt, slot++, base + i, large);
            }
        }
        return slot;
    }

    /**
     * Counts the definition levels of entries {@code [from, to)} and with them marks the nodes that have no null
     * slot there: those for which no entry's level reaches the node's existence but not its presence.
     */
    private void countDefinitions(int from, int to) {
        if (from == 0 && to == pageEntries) {
            System.arraycopy(pageDefinitions, 0, definitionCounts, 0, definitionCounts.length);
        } else if (allPresent) {
            Arrays.fill(definitionCounts, 0, maxDefinition, 0);
            definitionCounts[maxDefinition] = to - from;
        } else {
            Arrays.fill(definitionCounts, 0);
            for (int i = from; i < to; i++) {
                definitionCounts[definition[i] & 0xFF]++;
            }
        }
        for (int k = 0; k < nodes.length; k++) {
            boolean none = true;
            for (int d = existsAt[k]; d < nodes[k].presentDef && none; d++) {
                none = definitionCounts[d] == 0;
            }
            nullFree[k] = none;
        }
    }

    /**
     * {@link #assembleNode} for a struct, fixed-size list or leaf none of whose new slots is null: they are the
     * entries that reach it ({@link #added}), all valid, and a leaf's values are one run.
     */
    private void assemblePresent(int k) {
        int slots = added[k];
        int first = count[k];
        ValidityWriter.setOnes(validity[k], first, slots);
        count[k] = first + slots;
        if (k == leaf && kind == PlainLayout.Kind.FIXED) {
            extendRun(first, slots);
        } else if (k == leaf && isByteArray()) {
            copyByteArrays(first, slots);
        } else if (k == leaf) {
            for (int slot = first; slot < first + slots; slot++) {
                readValue(slot);
            }
        }
    }

    /** Whether an entry in {@code [from, to)} makes a null slot of one of the chain's fixed-size lists. */
    private boolean hasNullFixedSizeList(int from, int to) {
        for (int k : fixedSizeLists) {
            int maxRep = listsAbove[k];
            int needDef = existsAt[k];
            int validDef = nodes[k].presentDef;
            for (int i = from; i < to; i++) {
                int d = definition[i];
                if (repetition[i] <= maxRep && d >= needDef && d < validDef) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void putOffset(long offsets, int slot, int value, boolean large) {
        if (large) {
            MemoryUtil.putLong(offsets + 8L * slot, value);
        } else {
            MemoryUtil.putInt(offsets + 4L * slot, value);
        }
    }

    private void nextPage() throws IOException {
        pages.next(entriesLeftInChunk);
        ByteBuffer bytes = pages.bytes();
        int n = pages.valueCount();
        repetition = atLeast(repetition, n);
        definition = atLeast(definition, n);
        LevelDecoder.decode(bytes, pages.repetitionEncoding(), maxRepetition, n, repetition, pageRepetitions);
        allPresent = LevelDecoder.decode(bytes, pages.definitionEncoding(), maxDefinition, n, definition,
                pageDefinitions) == maxDefinition;
        values = bytes.array();
        valuePosition = bytes.arrayOffset() + bytes.position();
        valueLimit = bytes.arrayOffset() + bytes.limit();
        booleanBit = 0;
        pageEntries = n;
        pageRowStarts = pageRepetitions[0];
        entry = 0;
    }

    /** {@code levels}, or a pooled array for at least {@code n} of them in its place (contents undefined). */
    private static byte[] atLeast(byte[] levels, int n) {
        if (levels.length >= n) {
            return levels;
        }
        SlabPool.shared().release(levels);
        return SlabPool.shared().acquire(n);
    }

    /**
     * Grows every vector of the chain for the slots level entries {@code [from, to)} (which hold {@code rows}
     * rows, and whose definition levels are counted) add — counted exactly, as {@link #assembleNode} will make
     * them — and takes their addresses. With {@code from} -1, for the entry-by-entry assembly, for the most slots
     * {@code to} entries can add (a null fixed-size list adds a slot per element).
     */
    private void reserve(int from, int to, int rows) {
        for (int k = 0; k < nodes.length; k++) {
            if (from < 0) {
                added[k] = Math.multiplyExact(to, slotsPerEntry[k]);
            } else if (listsAbove[k] == 0 && existsAt[k] == 0) {
                added[k] = rows; // a node outside every list has a slot per row
            } else if (listsAbove[k] == maxRepetition) {
                int n = 0; // every entry reaches the deepest list's elements: those defined that far are slots
                for (int d = existsAt[k]; d <= maxDefinition; d++) {
                    n += definitionCounts[d];
                }
                added[k] = n;
            } else if (k > 0 && listsAbove[k] == listsAbove[k - 1] && existsAt[k] == existsAt[k - 1]) {
                added[k] = added[k - 1]; // a struct's child: a slot wherever the struct has one
            } else {
                int maxRep = listsAbove[k];
                int needDef = existsAt[k];
                int n = 0;
                for (int i = from; i < to; i++) {
                    if (repetition[i] <= maxRep && definition[i] >= needDef) {
                        n++;
                    }
                }
                added[k] = n;
            }
            reserveSlots(vectors[k], Math.addExact(count[k], added[k]));
        }
        reserveBytes();
        takeAddresses();
    }

    /** Grows a byte-array leaf's data for the rest of the page's values. */
    private void reserveBytes() {
        if (kind == PlainLayout.Kind.BYTES || kind == PlainLayout.Kind.LARGE_BYTES) {
            long bytes = leafBytes + (valueLimit - valuePosition);
            FieldVector v = vectors[leaf];
            if (v instanceof BaseVariableWidthVector vw) {
                long capacity = vw.getDataBuffer().capacity();
                if (capacity < bytes) {
                    // in one step, however far, and at least doubling so that a batch's growth stays linear
                    vw.reallocDataBuffer(Math.max(bytes, 2 * capacity));
                }
            } else {
                while (v.getDataBuffer().capacity() < bytes) {
                    ((BaseLargeVariableWidthVector) v).reallocDataBuffer();
                }
            }
        }
    }

    /** The chain's buffer addresses, after the reservations that may have moved them. */
    private void takeAddresses() {
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
            case FIXED -> extendRun(index, 1);
            case BOOLEAN -> {
                if (valuePosition + (booleanBit >>> 3) >= valueLimit) {
                    throw new IllegalStateException("a page holds fewer booleans than its levels say");
                }
                int bit = values[valuePosition + (booleanBit >>> 3)] >>> (booleanBit & 7) & 1;
                booleanBit++;
                long address = leafData + (index >>> 3);
                int b = MemoryUtil.getByte(address);
                int mask = 1 << (index & 7);
                MemoryUtil.putByte(address, (byte) (bit != 0 ? b | mask : b & ~mask));
            }
            default -> copyByteArrays(index, 1);
        }
    }

    private boolean isByteArray() {
        return kind == PlainLayout.Kind.BYTES || kind == PlainLayout.Kind.LARGE_BYTES;
    }

    /**
     * Copies the page's next {@code n} byte arrays into slots {@code [slot, slot + n)} and writes their end
     * offsets, in a loop on locals: the values' position and the bytes written are fields only between runs.
     */
    private void copyByteArrays(int slot, int n) {
        byte[] page = values;
        int position = valuePosition;
        int limit = valueLimit;
        long data = leafData;
        long written = leafBytes;
        long offsetsAt = offsets[leaf];
        boolean large = kind == PlainLayout.Kind.LARGE_BYTES;
        for (int s = slot; s < slot + n; s++) {
            if (position > limit - 4) {
                throw new IllegalStateException("a page holds fewer byte arrays than its levels say");
            }
            int length = (int) INT_LE.get(page, position);
            if (length < 0 || length > limit - position - 4) {
                throw new IllegalStateException("byte array of " + length + " bytes overruns its page");
            }
            ShortCopy.toMemory(page, position + 4, data + written, length);
            position += 4 + length;
            written += length;
            if (large) {
                MemoryUtil.putLong(offsetsAt + 8L * (s + 1), written);
            } else {
                MemoryUtil.putInt(offsetsAt + 4L * (s + 1), (int) written);
            }
        }
        valuePosition = position;
        leafBytes = written;
    }

    /** Writes the end offset of a byte-array slot (present or null); fixed-width and boolean leaves have none. */
    private void endBytes(int index) {
        if (kind == PlainLayout.Kind.BYTES) {
            MemoryUtil.putInt(offsets[leaf] + 4L * (index + 1), (int) leafBytes);
        } else if (kind == PlainLayout.Kind.LARGE_BYTES) {
            MemoryUtil.putLong(offsets[leaf] + 8L * (index + 1), leafBytes);
        }
    }

    /** Adds {@code n} fixed-width values for slots from {@code slot} on to the pending run (or starts one). */
    private void extendRun(int slot, int n) {
        if (runLength > 0 && slot == runSlot + runLength) {
            runLength += n;
        } else {
            flushRun();
            runSlot = slot;
            runValue = valuePosition;
            runLength = n;
        }
        valuePosition += n * width;
    }

    /** Copies the pending run of consecutive present fixed-width values in one go. */
    private void flushRun() {
        if (runLength > 0) {
            if (runValue + (long) runLength * width > valueLimit) {
                throw new IllegalStateException("a page holds fewer values than its levels say");
            }
            layout.decode(values, runValue, leafData + (long) runSlot * layout.arrowWidth(), runLength);
            runLength = 0;
        }
    }

    private void finishBatch() {
        flushRun();
        ancestors.settle(column, built, count);
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
