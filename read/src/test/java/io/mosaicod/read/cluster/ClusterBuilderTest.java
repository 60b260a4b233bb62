package io.mosaicod.read.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClusterBuilderTest {

    private static List<Cluster> clusters(long dt, long... times) {
        List<Cluster> out = new ArrayList<>();
        ClusterBuilder builder = new ClusterBuilder(dt, out::add);
        builder.accept(times, 0, times.length);
        builder.finish();
        return out;
    }

    @Test
    void matchesAtMostDtApartShareACluster() {
        assertEquals(List.of(new Cluster(10, 30), new Cluster(41, 41), new Cluster(100, 110)),
                clusters(10, 10, 20, 30, 41, 100, 105, 110));
    }

    @Test
    void dtZeroGathersEveryMatchIntoOneCluster() {
        assertEquals(List.of(new Cluster(5, 1_000_000)), clusters(0, 5, 7, 1_000_000));
    }

    @Test
    void noMatchNoCluster() {
        assertEquals(List.of(), clusters(10));
    }

    @Test
    void timesFarApartDoNotOverflowIntoOneCluster() {
        assertEquals(List.of(new Cluster(Long.MIN_VALUE, Long.MIN_VALUE), new Cluster(Long.MAX_VALUE, Long.MAX_VALUE)),
                clusters(Long.MAX_VALUE - 1, Long.MIN_VALUE, Long.MAX_VALUE));
    }

    @Test
    void equalTimesStayInOneCluster() {
        assertEquals(List.of(new Cluster(3, 3), new Cluster(9, 9)), clusters(1, 3, 3, 3, 9, 9));
    }

    @Test
    void timesGoingBackwardsAreRefused() {
        assertThrows(IllegalStateException.class, () -> clusters(5, 10, 9));
    }

    /** Against a reference that cuts the sorted times wherever a gap exceeds dt. */
    @Test
    void randomTimesClusterAsTheReferenceSays() {
        long seed = System.nanoTime();
        System.out.println("ClusterBuilderTest seed " + seed);
        Random random = new Random(seed);
        for (int trial = 0; trial < 500; trial++) {
            long[] times = new long[random.nextInt(60)];
            for (int i = 0; i < times.length; i++) {
                times[i] = random.nextInt(1000) - 500;
            }
            Arrays.sort(times);
            long dt = random.nextInt(4) == 0 ? 0 : random.nextInt(60);
            assertEquals(reference(times, dt), clusters(dt, times), "seed " + seed + ", trial " + trial);
        }
    }

    static List<Cluster> reference(long[] sorted, long dt) {
        List<Cluster> out = new ArrayList<>();
        if (sorted.length == 0) {
            return out;
        }
        if (dt == 0) {
            return List.of(new Cluster(sorted[0], sorted[sorted.length - 1]));
        }
        List<Integer> cuts = new ArrayList<>();
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] - sorted[i - 1] > dt) {
                cuts.add(i);
            }
        }
        cuts.add(sorted.length);
        int from = 0;
        for (int cut : cuts) {
            out.add(new Cluster(sorted[from], sorted[cut - 1]));
            from = cut;
        }
        return out;
    }
}
