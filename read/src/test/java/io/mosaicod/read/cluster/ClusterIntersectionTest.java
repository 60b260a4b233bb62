package io.mosaicod.read.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClusterIntersectionTest {

    private static ClusterStream stream(Cluster... clusters) {
        Iterator<Cluster> it = List.of(clusters).iterator();
        return () -> it.hasNext() ? it.next() : null;
    }

    private static List<Cluster> walk(long dt, ClusterStream... topics) throws IOException {
        List<Cluster> out = new ArrayList<>();
        ClusterIntersection.walk(List.of(topics), dt, out::add);
        return out;
    }

    @Test
    void overlappingClustersGiveTheirCommonPart() throws IOException {
        assertEquals(List.of(new Cluster(5, 10), new Cluster(20, 22), new Cluster(25, 30)),
                walk(0, stream(new Cluster(0, 10), new Cluster(20, 30)),
                        stream(new Cluster(5, 22), new Cluster(25, 40))));
    }

    @Test
    void clustersWithinDtGiveTheGapWidenedByHalfOfDtEachSide() throws IOException {
        // gap 10..14 (4 ns) within dt 5: [14 - 2, 10 + 3]
        assertEquals(List.of(new Cluster(12, 13)), walk(5, stream(new Cluster(0, 10)), stream(new Cluster(14, 20))));
        assertEquals(List.of(), walk(3, stream(new Cluster(0, 10)), stream(new Cluster(14, 20))));
    }

    @Test
    void aTopicWithoutClustersMakesTheResultEmpty() throws IOException {
        assertEquals(List.of(), walk(100, stream(new Cluster(0, 10)), stream(new Cluster(0, 10)), stream()));
    }

    @Test
    void threeTopicsMeetWhereAllOverlap() throws IOException {
        assertEquals(List.of(new Cluster(8, 9)), walk(0, stream(new Cluster(0, 9)), stream(new Cluster(5, 20)),
                stream(new Cluster(8, 12))));
    }

    @Test
    void fewerThanTwoTopicsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> walk(0, stream(new Cluster(0, 1))));
    }

    @Test
    void intervalsNearTheEndsOfTimeDoNotOverflow() throws IOException {
        List<Cluster> out = walk(Long.MAX_VALUE - 1, stream(new Cluster(Long.MIN_VALUE, Long.MIN_VALUE)),
                stream(new Cluster(-1, -1)));
        assertEquals(List.of(), out, "a gap of Long.MAX_VALUE is wider than dt");
        out = walk(Long.MAX_VALUE, stream(new Cluster(Long.MAX_VALUE - 4, Long.MAX_VALUE - 4)),
                stream(new Cluster(Long.MAX_VALUE, Long.MAX_VALUE)));
        assertEquals(List.of(new Cluster(Long.MAX_VALUE - Long.MAX_VALUE / 2, Long.MAX_VALUE)), out);
    }

    /**
     * With dt 0, an instant lies in some emitted interval exactly when it lies in a cluster of every topic:
     * checked instant by instant over random disjoint clusters, and the intervals come in time order.
     */
    @Test
    void withDtZeroTheResultIsTheInstantsInEveryTopic() throws IOException {
        long seed = System.nanoTime();
        System.out.println("ClusterIntersectionTest seed " + seed);
        Random random = new Random(seed);
        for (int trial = 0; trial < 300; trial++) {
            int topics = 2 + random.nextInt(3);
            List<List<Cluster>> clusters = new ArrayList<>();
            List<ClusterStream> streams = new ArrayList<>();
            for (int t = 0; t < topics; t++) {
                List<Cluster> own = new ArrayList<>();
                long at = random.nextInt(10);
                while (at < 200 && random.nextInt(8) > 0) {
                    long end = at + random.nextInt(25);
                    own.add(new Cluster(at, end));
                    at = end + 1 + random.nextInt(20);
                }
                clusters.add(own);
                streams.add(stream(own.toArray(Cluster[]::new)));
            }
            List<Cluster> out = new ArrayList<>();
            ClusterIntersection.walk(streams, 0, out::add);
            for (int i = 1; i < out.size(); i++) {
                assertTrue(out.get(i).startNs() > out.get(i - 1).endNs(), "seed " + seed + ": " + out);
            }
            for (long instant = 0; instant < 260; instant++) {
                boolean inAll = true;
                for (List<Cluster> own : clusters) {
                    inAll &= contains(own, instant);
                }
                assertEquals(inAll, contains(out, instant), "seed " + seed + ", trial " + trial + ", t " + instant);
            }
        }
        assertFalse(contains(List.of(), 0));
    }

    private static boolean contains(List<Cluster> clusters, long instant) {
        for (Cluster c : clusters) {
            if (c.startNs() <= instant && instant <= c.endNs()) {
                return true;
            }
        }
        return false;
    }
}
