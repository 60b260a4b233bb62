package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.TestSeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("fast")
class RewritePlannerTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    static final long MB = 1L << 20;

    static ChunkSpan chunk(int ordinal, long min, long max, long size, boolean sorted) {
        return new ChunkSpan(ordinal, "tp_X/data/" + ordinal + ".parquet", size, size * 2, 1000, min, max, sorted, false);
    }

    @Test
    void sortedDisjointFullChunksAreAlreadyOptimal() {
        RewritePlanner planner = new RewritePlanner(100 * MB, 0);
        RewritePlan plan = planner.plan(List.of(chunk(0, 0, 99, 60 * MB, true), chunk(1, 100, 199, 60 * MB, true),
                chunk(2, 199, 300, 60 * MB, true)));
        assertThat(plan).isInstanceOf(RewritePlan.AlreadyOptimal.class);
    }

    @Test
    void aTopicWithoutChunksIsAlreadyOptimal() {
        assertThat(new RewritePlanner(100 * MB, 0).plan(List.of())).isInstanceOf(RewritePlan.AlreadyOptimal.class);
    }

    @Test
    void overlappingNeighboursNeedARewrite() {
        RewritePlan plan = new RewritePlanner(100 * MB, 0).plan(List.of(chunk(0, 0, 150, 60 * MB, true),
                chunk(1, 100, 199, 60 * MB, true)));
        assertThat(plan).isInstanceOf(RewritePlan.Rewrite.class);
    }

    @Test
    void chunksOutOfTimeOrderNeedARewrite() {
        RewritePlan plan = new RewritePlanner(100 * MB, 0).plan(List.of(chunk(0, 100, 199, 60 * MB, true),
                chunk(1, 0, 99, 60 * MB, true)));
        assertThat(plan).isInstanceOf(RewritePlan.Rewrite.class);
    }

    @Test
    void neighboursThatFitInOneChunkNeedARewrite() {
        RewritePlan plan = new RewritePlanner(100 * MB, 0).plan(List.of(chunk(0, 0, 99, 40 * MB, true),
                chunk(1, 100, 199, 60 * MB, true)));
        assertThat(plan).isInstanceOf(RewritePlan.Rewrite.class);
    }

    @Test
    void anUnsortedChunkNeedsARewriteEvenAlone() {
        RewritePlan plan = new RewritePlanner(100 * MB, 0).plan(List.of(chunk(0, 0, 99, 1 * MB, false)));
        assertThat(plan).isInstanceOf(RewritePlan.Rewrite.class);
    }

    @Test
    void nullTimestampsAreOptimalOnlyInTheLastChunk() {
        ChunkSpan withNulls = new ChunkSpan(0, "a", 60 * MB, 60 * MB, 10, 0L, 99L, true, true);
        ChunkSpan after = new ChunkSpan(1, "b", 60 * MB, 60 * MB, 10, 100L, 199L, true, false);
        RewritePlanner planner = new RewritePlanner(100 * MB, 0);
        assertThat(planner.plan(List.of(withNulls, after))).isInstanceOf(RewritePlan.Rewrite.class);
        ChunkSpan lastWithNulls = new ChunkSpan(1, "b", 60 * MB, 60 * MB, 10, 100L, 199L, true, true);
        ChunkSpan first = new ChunkSpan(0, "a", 60 * MB, 60 * MB, 10, 0L, 99L, true, false);
        assertThat(planner.plan(List.of(first, lastWithNulls))).isInstanceOf(RewritePlan.AlreadyOptimal.class);
    }

    @Test
    void nearlyOrderedChunksMergeInOnePassWithinThePool() {
        List<ChunkSpan> chunks = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            chunks.add(chunk(i, i * 100L, i * 100L + 130, MB / 2, true)); // neighbours overlap 30 %
        }
        RewritePlan.Rewrite plan = (RewritePlan.Rewrite) new RewritePlanner(256 * MB, 256 * MB).plan(chunks);
        assertThat(plan.spillPasses()).isZero();
        assertThat(plan.pieces()).singleElement().isInstanceOfSatisfying(RewritePlan.Merge.class,
                merge -> assertThat(merge.runs()).hasSize(2000));
        assertThat(plan.estimatedPeakBytes()).isLessThanOrEqualTo(2 * MB * 2);
    }

    @Test
    void chunksThatAllOverlapSpillWhenTheirMergeExceedsThePool() {
        List<ChunkSpan> chunks = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            chunks.add(chunk(i, i, 1_000_000 + i, 4 * MB, true)); // every chunk spans the whole topic
        }
        long pool = 64 * MB;
        RewritePlan.Rewrite plan = (RewritePlan.Rewrite) new RewritePlanner(256 * MB, pool).plan(chunks);
        assertThat(plan.spillPasses()).isGreaterThanOrEqualTo(1);
        assertThat(plan.estimatedPeakBytes()).isLessThanOrEqualTo(pool);
        assertThat(leaves(plan)).extracting(ChunkSpan::ordinal).isSorted().hasSize(400);
    }

    @Test
    void randomTopicsArePlannedWithinThePoolKeepingEveryChunkOnceInInputOrder() {
        long seed = SEED.value();
        Random random = new Random(seed);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + random.nextInt(300);
            List<ChunkSpan> chunks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long start = random.nextInt(10_000);
                long arrow = (1 + random.nextInt(512)) * 1024L;
                boolean nulls = random.nextInt(30) == 0;
                chunks.add(new ChunkSpan(i, "k" + i, arrow / 2, arrow, 100, start, start + random.nextInt(5_000),
                        random.nextInt(10) != 0, nulls));
            }
            long pool = (4 + random.nextInt(64)) * MB;
            RewritePlanner planner = new RewritePlanner(1 + random.nextInt(64) * MB, pool);
            RewritePlan plan = planner.plan(chunks);
            if (plan instanceof RewritePlan.Rewrite rewrite) {
                assertThat(rewrite.estimatedPeakBytes()).as("seed %d trial %d", seed, trial).isLessThanOrEqualTo(pool);
                assertThat(leaves(rewrite)).as("seed %d trial %d", seed, trial).containsExactlyInAnyOrderElementsOf(chunks);
                assertPiecesFollowEachOtherInTime(rewrite, "seed " + seed + " trial " + trial);
            }
        }
    }

    @Test
    void largeSortedChunksThatOverlapNothingAreCopiedAndTheRestMerged() {
        List<ChunkSpan> chunks = List.of(
                chunk(0, 0, 100, MB, true), chunk(1, 50, 150, MB, true),      // overlapping: merged
                chunk(2, 200, 300, 20 * MB, true),                             // isolated and large: copied
                chunk(3, 400, 500, 20 * MB, false),                            // isolated but unsorted: merged
                chunk(4, 600, 700, MB, true),                                  // isolated but small: merged
                chunk(5, 800, 900, 20 * MB, true));                            // isolated and large: copied
        RewritePlan.Rewrite plan = (RewritePlan.Rewrite) new RewritePlanner(256 * MB, 0).plan(chunks);
        assertThat(plan.pieces()).hasSize(4);
        assertThat(plan.pieces().get(0)).isInstanceOfSatisfying(RewritePlan.Merge.class,
                m -> assertThat(leaves(m.runs())).extracting(ChunkSpan::ordinal).containsExactly(0, 1));
        assertThat(plan.pieces().get(1)).isEqualTo(new RewritePlan.Copy(chunks.get(2)));
        assertThat(plan.pieces().get(2)).isInstanceOfSatisfying(RewritePlan.Merge.class,
                m -> assertThat(leaves(m.runs())).extracting(ChunkSpan::ordinal).containsExactly(3, 4));
        assertThat(plan.pieces().get(3)).isEqualTo(new RewritePlan.Copy(chunks.get(5)));
    }

    @Test
    void chunksThatOnlyTouchInTimeAreMergedSoTiesKeepInputOrder() {
        List<ChunkSpan> chunks = List.of(chunk(0, 100, 200, 20 * MB, true), chunk(1, 0, 100, 20 * MB, true));
        RewritePlan.Rewrite plan = (RewritePlan.Rewrite) new RewritePlanner(256 * MB, 0).plan(chunks);
        assertThat(plan.pieces()).singleElement().isInstanceOf(RewritePlan.Merge.class);
    }

    private static void assertPiecesFollowEachOtherInTime(RewritePlan.Rewrite plan, String context) {
        Long previousMax = null;
        for (RewritePlan.Piece piece : plan.pieces()) {
            List<ChunkSpan> chunks = leaves(List.of(piece));
            long min = chunks.stream().filter(ChunkSpan::hasTimestamps).mapToLong(ChunkSpan::minTimestampNs).min()
                    .orElse(Long.MAX_VALUE);
            if (previousMax != null) {
                assertThat(min).as(context).isGreaterThan(previousMax);
            }
            previousMax = chunks.stream().filter(ChunkSpan::hasTimestamps).mapToLong(ChunkSpan::maxTimestampNs).max()
                    .orElse(Long.MIN_VALUE);
            if (piece instanceof RewritePlan.Copy copy) {
                assertThat(copy.chunk().sorted()).as(context).isTrue();
            }
        }
    }

    private static List<ChunkSpan> leaves(RewritePlan.Rewrite plan) {
        return leaves(plan.pieces());
    }

    private static List<ChunkSpan> leaves(List<?> nodes) {
        List<ChunkSpan> out = new ArrayList<>();
        for (Object node : nodes) {
            if (node instanceof RewritePlan.Copy copy) {
                out.add(copy.chunk());
            } else if (node instanceof RewritePlan.Merge merge) {
                out.addAll(leaves(merge.runs()));
            } else if (node instanceof RunPlan.ChunkRun c) {
                out.add(c.chunk());
            } else if (node instanceof RunPlan.SpillRun spill) {
                out.addAll(leaves(spill.parts()));
            }
        }
        return out;
    }
}
