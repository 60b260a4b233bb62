package io.mosaicod.format;

/**
 * One Arrow field on the path from a top-level column down to a Parquet leaf column, with the Dremel levels
 * that encode it. A leaf column is a chain of these; the writer walks the chain to produce
 * (repetition, definition, value) triples and the reader walks it the other way to rebuild the vectors.
 */
final class PathNode {

    enum Kind { STRUCT, LIST, LARGE_LIST, FIXED_SIZE_LIST, LEAF }

    final Kind kind;
    /** Whether this field adds a definition level (it is Parquet-optional, so it can be null). */
    final boolean optional;
    /** Definition level at which this slot is present (not null). */
    final int presentDef;
    /** Lists: definition level at which the list has at least one element. */
    final int elementDef;
    /** Lists: repetition level of the second and later elements. */
    final int repetition;
    /** Fixed-size lists: the number of elements per slot. */
    final int listSize;
    /** Position of this node's vector among its parent's children (or among the root's vectors). */
    final int ordinal;

    PathNode(Kind kind, boolean optional, int presentDef, int elementDef, int repetition, int listSize, int ordinal) {
        this.kind = kind;
        this.optional = optional;
        this.presentDef = presentDef;
        this.elementDef = elementDef;
        this.repetition = repetition;
        this.listSize = listSize;
        this.ordinal = ordinal;
    }

    boolean isList() {
        return kind == Kind.LIST || kind == Kind.LARGE_LIST || kind == Kind.FIXED_SIZE_LIST;
    }
}
