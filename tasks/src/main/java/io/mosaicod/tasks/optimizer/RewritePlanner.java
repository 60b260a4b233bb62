package io.mosaicod.tasks.optimizer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Decides, from repository metadata alone, what optimizing one topic takes (DESIGN.md §6.1 step 3, §6.2):
 * nothing (the topic is already optimal), or a merge of its chunks in time order — in one streaming pass
 * when the merge fits the memory pool, else with earlier passes that merge consecutive chunks into sorted
 * runs spilled to local temporary files.
 */
public final class RewritePlanner {

    private final long maxChunkSizeBytes;
    private final long memoryPoolBytes;
    private final long readBatchBytes;
    private final long minCopyBytes;

    /** A planner with the default tuning. */
    public RewritePlanner(long maxChunkSizeBytes, long memoryPoolBytes) {
        this(maxChunkSizeBytes, memoryPoolBytes, RewriteTuning.DEFAULT);
    }

    /**
     * @param maxChunkSizeBytes soft size limit of the chunks the rewrite writes
     * @param memoryPoolBytes   cap on decoded data a merge holds; 0 means no limit
     * @param tuning            the read batch size and the least size of a chunk copied without decoding
     */
    public RewritePlanner(long maxChunkSizeBytes, long memoryPoolBytes, RewriteTuning tuning) {
        if (maxChunkSizeBytes < 1) {
            throw new IllegalArgumentException("maxChunkSizeBytes must be >= 1, got " + maxChunkSizeBytes);
        }
        if (memoryPoolBytes < 0) {
            throw new IllegalArgumentException("memoryPoolBytes must be >= 0, got " + memoryPoolBytes);
        }
        this.maxChunkSizeBytes = maxChunkSizeBytes;
        this.memoryPoolBytes = memoryPoolBytes;
        this.readBatchBytes = tuning.readBatchBytes(memoryPoolBytes);
        this.minCopyBytes = tuning.minCopyBytes();
    }

    public RewritePlan plan(List<ChunkSpan> chunks) {
        List<ChunkSpan> inOrder = new ArrayList<>(chunks);
        inOrder.sort(Comparator.comparingInt(ChunkSpan::ordinal));
        Optional<String> optimal = whyAlreadyOptimal(inOrder);
        if (optimal.isPresent()) {
            return new RewritePlan.AlreadyOptimal(optimal.get());
        }
        List<RewritePlan.Piece> pieces = new ArrayList<>();
        List<ChunkSpan> toMerge = new ArrayList<>();
        for (List<ChunkSpan> stretch : overlappingStretches(inOrder)) {
            if (stretch.size() == 1 && copyable(stretch.get(0))) {
                flushMerge(toMerge, pieces);
                pieces.add(new RewritePlan.Copy(stretch.get(0)));
            } else {
                toMerge.addAll(stretch);
            }
        }
        flushMerge(toMerge, pieces);
        int passes = 0;
        long peak = 0;
        for (RewritePlan.Piece piece : pieces) {
            if (piece instanceof RewritePlan.Merge merge) {
                passes = Math.max(passes, merge.spillPasses());
                peak = Math.max(peak, merge.estimatedPeakBytes());
            }
        }
        return new RewritePlan.Rewrite(pieces, passes, peak);
    }

    /**
     * Splits the topic's time line into stretches of chunks whose time ranges overlap or touch (then the order
     * of their rows is only known by merging them); consecutive stretches follow each other strictly in time.
     * With null timestamps (which sort after everything) the whole topic is one stretch.
     */
    private static List<List<ChunkSpan>> overlappingStretches(List<ChunkSpan> inOrder) {
        List<ChunkSpan> withRows = inOrder.stream().filter(c -> c.rowCount() > 0).toList();
        if (withRows.isEmpty() || withRows.stream().anyMatch(c -> c.hasNullTimestamp() || !c.hasTimestamps())) {
            return List.of(inOrder);
        }
        List<ChunkSpan> byStart = new ArrayList<>(withRows); // chunks without rows contribute nothing
        byStart.sort(Comparator.comparingLong(ChunkSpan::minTimestampNs).thenComparingInt(ChunkSpan::ordinal));
        List<List<ChunkSpan>> stretches = new ArrayList<>();
        List<ChunkSpan> current = new ArrayList<>();
        long end = Long.MIN_VALUE;
        for (ChunkSpan chunk : byStart) {
            if (!current.isEmpty() && chunk.minTimestampNs() > end) {
                stretches.add(current);
                current = new ArrayList<>();
            }
            current.add(chunk);
            end = Math.max(end, chunk.maxTimestampNs());
        }
        stretches.add(current);
        return stretches;
    }

    /** A chunk whose row groups can go into the output as they are. */
    private boolean copyable(ChunkSpan chunk) {
        return chunk.sorted() && chunk.sizeBytes() >= Math.min(minCopyBytes, maxChunkSizeBytes / 4);
    }

    /** Turns the chunks collected for merging into a merge piece, with spill passes if the pool asks for them. */
    private void flushMerge(List<ChunkSpan> chunks, List<RewritePlan.Piece> pieces) {
        if (chunks.isEmpty()) {
            return;
        }
        List<ChunkSpan> inOrder = new ArrayList<>(chunks);
        inOrder.sort(Comparator.comparingInt(ChunkSpan::ordinal));
        chunks.clear();
        List<RunPlan> runs = new ArrayList<>();
        for (ChunkSpan chunk : inOrder) {
            runs.add(new RunPlan.ChunkRun(chunk, chunkOpenCost(chunk)));
        }
        int passes = 0;
        while (memoryPoolBytes > 0 && peakOpenCost(runs) > memoryPoolBytes) {
            List<RunPlan> merged = spillConsecutiveRuns(runs);
            if (merged.size() == runs.size()) {
                break; // every run alone exceeds the pool: proceed, best effort
            }
            runs = merged;
            passes++;
        }
        pieces.add(new RewritePlan.Merge(runs, passes, largestMergePeak(runs)));
    }

    /** Present (with the reason) when rewriting the chunks would change nothing worth the work. */
    Optional<String> whyAlreadyOptimal(List<ChunkSpan> inOrder) {
        if (inOrder.isEmpty()) {
            return Optional.of("the topic has no chunks");
        }
        for (int i = 0; i < inOrder.size(); i++) {
            ChunkSpan chunk = inOrder.get(i);
            boolean last = i == inOrder.size() - 1;
            if (!chunk.sorted() || (chunk.hasNullTimestamp() && !last)) {
                return Optional.empty();
            }
            if (!last && (overlapsOrPrecedes(chunk, inOrder.get(i + 1)) || mergeable(chunk, inOrder.get(i + 1)))) {
                return Optional.empty();
            }
        }
        return Optional.of(inOrder.size() == 1 ? "one sorted chunk"
                : inOrder.size() + " sorted chunks in time order, none mergeable under the max chunk size");
    }

    /** The next chunk's rows do not all come after this chunk's rows. */
    private static boolean overlapsOrPrecedes(ChunkSpan chunk, ChunkSpan next) {
        if (!next.hasTimestamps()) {
            return false; // only null timestamps, which sort last anyway
        }
        return !chunk.hasTimestamps() || chunk.maxTimestampNs() > next.minTimestampNs();
    }

    /** Two neighbours would fit in one chunk under the max chunk size. */
    private boolean mergeable(ChunkSpan chunk, ChunkSpan next) {
        return chunk.sizeBytes() + next.sizeBytes() <= maxChunkSizeBytes;
    }

    private long chunkOpenCost(ChunkSpan chunk) {
        if (chunk.sorted()) {
            return Math.min(Math.max(chunk.arrowSizeBytes(), 1), readBatchBytes);
        }
        return 2 * Math.max(chunk.arrowSizeBytes(), 1); // the decoded chunk and its sorted copy
    }

    /** Groups consecutive runs whose merge fits the pool into spilled runs (order preserved, so ties stay exact). */
    private List<RunPlan> spillConsecutiveRuns(List<RunPlan> runs) {
        List<RunPlan> result = new ArrayList<>();
        List<RunPlan> group = new ArrayList<>();
        long groupCost = 0;
        for (RunPlan run : runs) {
            if (!group.isEmpty() && groupCost + run.openCost() > memoryPoolBytes) {
                result.add(spill(group));
                group = new ArrayList<>();
                groupCost = 0;
            }
            group.add(run);
            groupCost += run.openCost();
        }
        if (!group.isEmpty()) {
            result.add(spill(group));
        }
        return result;
    }

    private RunPlan spill(List<RunPlan> group) {
        if (group.size() == 1) {
            return group.get(0);
        }
        Long min = null;
        Long max = null;
        boolean nulls = false;
        for (RunPlan run : group) {
            if (run.minTimestampNs() != null) {
                min = min == null ? run.minTimestampNs() : Math.min(min, run.minTimestampNs());
                max = max == null ? run.maxTimestampNs() : Math.max(max, run.maxTimestampNs());
            }
            nulls |= run.hasNullTimestamps();
        }
        return new RunPlan.SpillRun(group, min, max, nulls, readBatchBytes);
    }

    private static long largestMergePeak(List<RunPlan> runs) {
        long peak = peakOpenCost(runs);
        for (RunPlan run : runs) {
            if (run instanceof RunPlan.SpillRun spill) {
                peak = Math.max(peak, largestMergePeak(spill.parts()));
            }
        }
        return peak;
    }

    /**
     * The most decoded data a merge of {@code runs} holds at once: a run is open from its first timestamp
     * until its last (until the end if it has null timestamps, which sort last).
     */
    static long peakOpenCost(List<RunPlan> runs) {
        int n = runs.size();
        long[][] events = new long[2 * n][];
        for (int i = 0; i < n; i++) {
            RunPlan run = runs.get(i);
            long open = run.minTimestampNs() == null ? Long.MAX_VALUE : run.minTimestampNs();
            long close = run.hasNullTimestamps() || run.maxTimestampNs() == null ? Long.MAX_VALUE : run.maxTimestampNs();
            events[2 * i] = new long[] {open, 0, run.openCost()};   // opens sort before closes at the same time
            events[2 * i + 1] = new long[] {close, 1, -run.openCost()};
        }
        Arrays.sort(events, Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        long current = 0;
        long peak = 0;
        for (long[] event : events) {
            current += event[2];
            peak = Math.max(peak, current);
        }
        return peak;
    }
}
