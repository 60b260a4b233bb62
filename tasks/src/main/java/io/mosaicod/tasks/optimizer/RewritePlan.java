package io.mosaicod.tasks.optimizer;

import java.util.List;

/** The planner's decision for one topic. */
public sealed interface RewritePlan {

    /** The chunks are each sorted, do not overlap, and none could be merged with its neighbour: no rewrite. */
    record AlreadyOptimal(String reason) implements RewritePlan {
    }

    /**
     * Rewrite the topic as {@code pieces}, written one after the other into the new chunks: their time ranges
     * follow each other, so the concatenation is in time order. {@code spillPasses} is the most any merge
     * piece needs to fit the memory pool (0: everything streams in one pass); {@code estimatedPeakBytes} the
     * decoded data the largest merge is expected to hold at once.
     */
    record Rewrite(List<Piece> pieces, int spillPasses, long estimatedPeakBytes) implements RewritePlan {
        public Rewrite {
            pieces = List.copyOf(pieces);
        }
    }

    /** A stretch of the topic's time line. */
    sealed interface Piece {
    }

    /**
     * A sorted chunk that overlaps no other and is large enough to be a good row group as it is: its row groups
     * are copied into the output without decoding.
     */
    record Copy(ChunkSpan chunk) implements Piece {
    }

    /** Chunks whose rows are decoded and merged into time order ({@code runs} in input order). */
    record Merge(List<RunPlan> runs, int spillPasses, long estimatedPeakBytes) implements Piece {
        public Merge {
            runs = List.copyOf(runs);
        }
    }
}
