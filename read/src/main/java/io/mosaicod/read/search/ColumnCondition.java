package io.mosaicod.read.search;

import io.mosaicod.core.search.OntologyPath.ListSpecifier;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * One ontology condition bound to a topic's columns: the route from a top-level column down to the leaf it
 * tests (struct children by position, through at most one list), and how the leaf's elements make a row's
 * answer. Evaluated a batch at a time into a bitmap of rows.
 *
 * <p>Row semantics: without a list, the row's value (null when any struct above it is null); {@code [?]} some
 * element satisfies; {@code [!]} the list has elements and every one satisfies; {@code [i]} element i exists
 * and satisfies. {@code $nex} holds where the value (or element) is absent or null, {@code $ex} where present
 * and not null; a null list has no elements.
 */
final class ColumnCondition implements RowCondition {
    /** Child positions from the batch's top-level column to the leaf; a list's element is one step. */
    private final int[] route;
    /** The step of the route that is the list, or -1. */
    private final int listStep;
    private final ListSpecifier list;
    /** The value test; null for {@code $ex} / {@code $nex}. */
    private final ValueTest test;
    private final boolean absentMatches;
    private long[] elements = new long[0];

    ColumnCondition(int[] route, int listStep, ListSpecifier list, ValueTest test, boolean absentMatches) {
        this.route = route;
        this.listStep = listStep;
        this.list = list;
        this.test = test;
        this.absentMatches = absentMatches;
    }

    @Override
    public void and(VectorSchemaRoot batch, long[] rows) {
        FieldVector[] chain = chain(batch, route);
        FieldVector leaf = chain[chain.length - 1];
        int count = leaf.getValueCount();
        long[] ok = elementBits(count);
        if (test != null) {
            test.test(leaf, ok);
        } else {
            orValidity(leaf, ok, count);
        }
        // structs between the list (or the batch) and the leaf: a null one nulls its elements
        for (int s = listStep + 1; s < chain.length - 1; s++) {
            ValueTest.andValidity(chain[s].getValidityBufferAddress(), count, ok);
        }
        if (test == null && absentMatches) {
            for (int w = 0; w < ok.length; w++) {
                ok[w] = ~ok[w];
            }
        }
        int rowCount = batch.getRowCount();
        int rowsEnd = listStep < 0 ? chain.length - 1 : listStep + 1;
        long[] validities = ListSlots.validities(chain);
        if (listStep < 0) {
            andRows(validities, rowsEnd, rowCount, ok, rows);
            return;
        }
        ListSlots slots = new ListSlots(chain[listStep]);
        for (int r = 0; r < rowCount; r++) {
            if (!ValueTest.isSet(rows, r)) {
                continue;
            }
            if (!answer(slots, r, ListSlots.present(validities, rowsEnd, r), ok)) {
                rows[r >>> 6] &= ~(1L << r);
            }
        }
    }

    /**
     * Without a list on the way, a word of rows at a time: a row whose structs above the leaf are all present
     * answers as its value did; an absent one as absence does.
     */
    private void andRows(long[] validities, int levels, int rowCount, long[] ok, long[] rows) {
        long absent = absentMatches ? -1L : 0L;
        for (int w = 0; w < (rowCount + 63) >>> 6; w++) {
            long present = -1L;
            for (int s = 0; s < levels; s++) {
                present &= ValueTest.validityWord(validities[s], rowCount, w);
            }
            rows[w] &= present & ok[w] | ~present & absent;
        }
    }

    private boolean answer(ListSlots slots, int row, boolean present, long[] ok) {
        long start = present ? slots.start(row) : 0;
        long end = present ? slots.start(row + 1) : 0;
        return switch (list.kind()) {
            case ELEMENT -> start + list.index() < end ? ValueTest.isSet(ok, (int) (start + list.index())) : absentMatches;
            case ANY -> {
                for (long e = start; e < end; e++) {
                    if (ValueTest.isSet(ok, (int) e)) {
                        yield end > start;
                    }
                }
                yield false;
            }
            case EVERY -> {
                for (long e = start; e < end; e++) {
                    if (!ValueTest.isSet(ok, (int) e)) {
                        yield false;
                    }
                }
                yield end > start;
            }
        };
    }

    /** The vectors along {@code route}, from the batch's top-level column down. */
    static FieldVector[] chain(VectorSchemaRoot batch, int[] route) {
        FieldVector[] chain = new FieldVector[route.length];
        chain[0] = batch.getVector(route[0]);
        for (int s = 1; s < route.length; s++) {
            chain[s] = child(chain[s - 1], route[s]);
        }
        return chain;
    }

    /** A struct's child at {@code position}, or a list's elements. */
    static FieldVector child(FieldVector parent, int position) {
        if (parent instanceof StructVector struct) {
            return (FieldVector) struct.getChildByOrdinal(position);
        }
        if (parent instanceof ListVector l) {
            return l.getDataVector();
        }
        if (parent instanceof LargeListVector l) {
            return l.getDataVector();
        }
        return ((FixedSizeListVector) parent).getDataVector();
    }

    private long[] elementBits(int count) {
        int words = (count + 63) >>> 6;
        if (elements.length < words) {
            elements = new long[Math.max(words, 2 * elements.length)];
        }
        Arrays.fill(elements, 0, words, 0L);
        return elements;
    }

    private static void orValidity(FieldVector v, long[] bits, int count) {
        long validity = v.getValidityBufferAddress();
        for (int w = 0; w < (count + 63) >>> 6; w++) {
            bits[w] |= ValueTest.validityWord(validity, count, w);
        }
    }
}
