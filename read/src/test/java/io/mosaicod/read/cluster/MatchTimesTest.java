package io.mosaicod.read.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MatchTimesTest {

    /**
     * Overlapping chunks (each one's rows from its start on, at random), a random subset of each chunk's rows
     * matching: the clusters equal those of all matches sorted at once.
     */
    @Test
    void matchesOfOverlappingChunksClusterAsIfSortedWhole() {
        long seed = System.nanoTime();
        System.out.println("MatchTimesTest seed " + seed);
        Random random = new Random(seed);
        for (int trial = 0; trial < 300; trial++) {
            long dt = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(40);
            List<Cluster> found = new ArrayList<>();
            MatchTimes matches = new MatchTimes(new ClusterBuilder(dt, found::add));
            long[] all = new long[0];
            long start = random.nextInt(100);
            int chunks = random.nextInt(12);
            for (int c = 0; c < chunks; c++) {
                start += random.nextInt(3) == 0 ? 0 : random.nextInt(50);
                int rows = random.nextInt(30);
                long[] chunkMatches = new long[rows];
                int count = 0;
                for (int r = 0; r < rows; r++) {
                    long time = start + random.nextInt(120);
                    if (random.nextInt(3) > 0) {
                        chunkMatches[count++] = time;
                    }
                }
                Arrays.sort(chunkMatches, 0, count);
                matches.addChunk(start, chunkMatches, count);
                int before = all.length;
                all = Arrays.copyOf(all, before + count);
                System.arraycopy(chunkMatches, 0, all, before, count);
            }
            matches.finish();
            Arrays.sort(all);
            assertEquals(ClusterBuilderTest.reference(all, dt), found, "seed " + seed + ", trial " + trial);
        }
    }

    @Test
    void chunksOutOfTimeOrderAreRefused() {
        MatchTimes matches = new MatchTimes(new ClusterBuilder(1, cluster -> { }));
        matches.addChunk(10, new long[] {10}, 1);
        assertThrows(IllegalStateException.class, () -> matches.addChunk(9, new long[] {9}, 1));
    }

    @Test
    void aMatchBeforeItsChunkStartsIsRefused() {
        MatchTimes matches = new MatchTimes(new ClusterBuilder(1, cluster -> { }));
        assertThrows(IllegalStateException.class, () -> matches.addChunk(10, new long[] {9}, 1));
    }

    @Test
    void matchesBeforeTheNextChunkAreReleasedWithoutWaitingForTheEnd() {
        List<Cluster> found = new ArrayList<>();
        MatchTimes matches = new MatchTimes(new ClusterBuilder(5, found::add));
        matches.addChunk(0, new long[] {0, 3}, 2);
        matches.addChunk(100, new long[] {100}, 1);
        assertEquals(List.of(new Cluster(0, 3)), found, "the first cluster is out before the topic ends");
        matches.finish();
        assertEquals(List.of(new Cluster(0, 3), new Cluster(100, 100)), found);
    }
}
