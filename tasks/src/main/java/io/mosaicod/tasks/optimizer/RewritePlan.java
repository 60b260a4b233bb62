package io.mosaicod.tasks.optimizer;

import java.util.List;

/** The planner's decision for one topic. */
public sealed interface RewritePlan {

    /** The chunks are each sorted, do not overlap, and none could be merged with its neighbour: no rewrite. */
    record AlreadyOptimal(String reason) implements RewritePlan {
    }

    /**
     * Rewrite the topic by merging {@code runs} (in input order) into new chunks. {@code spillPasses} is 0
     * when everything streams within the memory pool in one pass; {@code estimatedPeakBytes} is the decoded
     * data the largest merge is expected to hold at once.
     */
    record Rewrite(List<RunPlan> runs, int spillPasses, long estimatedPeakBytes) implements RewritePlan {
        public Rewrite {
            runs = List.copyOf(runs);
        }
    }
}
