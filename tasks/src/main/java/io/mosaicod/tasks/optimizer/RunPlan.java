package io.mosaicod.tasks.optimizer;

import java.util.List;

/** One input of a merge: a chunk read directly, or an earlier merge of several inputs spilled to disk. */
public sealed interface RunPlan {

    /** Smallest timestamp this run can produce, or null if it holds only null timestamps. */
    Long minTimestampNs();

    /** Largest timestamp this run can produce, or null if it holds only null timestamps. */
    Long maxTimestampNs();

    /** Decoded bytes the merge holds while this run is open (its current batch, or the whole chunk if unsorted). */
    long openCost();

    /** Input order of the run's first row, for ties between runs. */
    int firstOrdinal();

    /** Some row has a null timestamp; such rows sort last, so the run stays open until the very end. */
    boolean hasNullTimestamps();

    /** A chunk, streamed batch by batch if sorted, else decoded and sorted in memory when opened. */
    record ChunkRun(ChunkSpan chunk, long openCost) implements RunPlan {
        @Override
        public Long minTimestampNs() {
            return chunk.minTimestampNs();
        }

        @Override
        public Long maxTimestampNs() {
            return chunk.maxTimestampNs();
        }

        @Override
        public int firstOrdinal() {
            return chunk.ordinal();
        }

        @Override
        public boolean hasNullTimestamps() {
            return chunk.hasNullTimestamp();
        }

        public boolean needsSorting() {
            return !chunk.sorted();
        }
    }

    /** The merge of consecutive inputs, written to a local temporary file before the next pass reads it. */
    record SpillRun(List<RunPlan> parts, Long minTimestampNs, Long maxTimestampNs, boolean hasNullTimestamps,
                    long openCost) implements RunPlan {
        public SpillRun {
            parts = List.copyOf(parts);
        }

        @Override
        public int firstOrdinal() {
            return parts.get(0).firstOrdinal();
        }
    }
}
