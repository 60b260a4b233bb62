package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.mosaicod.client.ActionReply;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TimeCluster;
import io.mosaicod.client.TopicSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code topic_filter_clusterize} and {@code topic_filter_intersect} (SEARCH.md §2-3) on uploaded
 * {@link SampleTopic} rows ({@code value = ts / 1000}): one Result per cluster, in time order, over chunks that
 * overlap and are unsorted inside; refusals.
 */
abstract class ClusterActionContract extends ServerFixture {
    private String imu;
    private String gps;

    @BeforeAll
    void uploadTopics() {
        SessionHandle session = newSession("clusters");
        imu = sequenceOf(session) + "/imu";
        gps = sequenceOf(session) + "/gps";
        upload(imu, topic(session, "imu", "imu"), new long[] {3000, 1000, 2000, 30_000}, new long[] {10_000, 11_000});
        upload(gps, topic(session, "gps", "gps"), new long[] {2500, 3500, 10_500, 50_000});
    }

    private UUID topic(SessionHandle session, String path, String tag) {
        return client.createTopic(session.uuid(), new TopicSpec(sequenceOf(session) + "/" + path, "ragged", tag,
                metadata("unit", "V")));
    }

    private static String clusterize(String locator, long dt, String ontology, String range) {
        return ("{'locator':'" + locator + "','clustering_dt_ns':" + dt + ",'ontology':" + ontology
                + ",'timestamp_range':" + range + "}").replace('\'', '"');
    }

    private static List<TimeCluster> clusters(long... bounds) {
        List<TimeCluster> out = new java.util.ArrayList<>();
        for (int i = 0; i < bounds.length; i += 2) {
            out.add(new TimeCluster(i / 2, bounds[i], bounds[i + 1]));
        }
        return out;
    }

    @Test
    void matchesAtMostDtApartFormOneClusterEachAResult() {
        ActionReply first = client.rawAction("topic_filter_clusterize",
                clusterize(imu, 2000, "{'imu.value':{'$gt':0}}", "null").getBytes(StandardCharsets.UTF_8));
        assertThat(first.results()).isEqualTo(3);
        assertThat(first.response().toString()).isEqualTo("{\"ts\":{\"start_ns\":1000,\"end_ns\":3000},\"id\":0}");
        assertThat(client.clusterize(clusterize(imu, 2000, "{'imu.value':{'$gt':0}}", "null")))
                .isEqualTo(clusters(1000, 3000, 10_000, 11_000, 30_000, 30_000));
        assertThat(client.clusterize(clusterize(imu, 0, "{'imu.value':{'$gt':0}}", "null")))
                .as("dt 0: one cluster of every match").isEqualTo(clusters(1000, 30_000));
        assertThat(client.clusterize(clusterize(imu, 1500, "{'imu.value':{'$neq':2}}", "null")))
                .isEqualTo(clusters(1000, 1000, 3000, 3000, 10_000, 11_000, 30_000, 30_000));
    }

    @Test
    void aTimeRangeKeepsTheMatchesWithinItHalfOpen() {
        assertThat(client.clusterize(clusterize(imu, 2000, "{'imu.value':{'$gt':0}}",
                "{'start_ns':2000,'end_ns':11000}"))).isEqualTo(clusters(2000, 3000, 10_000, 10_000));
    }

    @Test
    void noMatchIsNoResult() {
        assertThat(client.clusterize(clusterize(imu, 10, "{'imu.value':{'$gt':1000}}", "null"))).isEmpty();
    }

    @Test
    void anIntersectionGivesTheTimesAllTopicsMatch() {
        String request = ("{'topics':[" + clusterize(imu, 2000, "{'imu.value':{'$lt':20}}", "null") + ","
                + clusterize(gps, 1000, "{'gps.value':{'$gt':0}}", "null") + "],'intersect_dt_ns':0}")
                .replace('\'', '"');
        assertThat(client.intersect(request)).isEqualTo(clusters(2500, 3000, 10_500, 10_500));
    }

    @Test
    void aTopicWithoutMatchesMakesTheIntersectionEmpty() {
        String request = ("{'topics':[" + clusterize(imu, 2000, "{'imu.value':{'$lt':20}}", "null") + ","
                + clusterize(gps, 1000, "{'gps.value':{'$gt':1000}}", "null") + "],'intersect_dt_ns':1000000}")
                .replace('\'', '"');
        assertThat(client.intersect(request)).as("upstream would answer imu's clusters").isEmpty();
    }

    @Test
    void mistakesAreRefused() {
        var wrongTag = assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.clusterize(clusterize(imu, 0, "{'gps.value':{'$gt':0}}", "null")));
        assertThat(wrongTag.serverMessage()).contains("ontology tag `gps`").contains("has `imu`");
        var empty = assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.clusterize(clusterize(imu, 0, "{}", "null")));
        assertThat(empty.serverMessage()).contains("must name at least one condition");
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.clusterize(clusterize(imu, 0,
                "{'imu.value':{'$gt':0}}", "{'start_ns':5,'end_ns':5}")));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.clusterize(clusterize(imu, -1,
                "{'imu.value':{'$gt':0}}", "null")));
        assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.clusterize(clusterize(imu, 0,
                "{'imu.value':{'$eq':'x'}}", "null")));
        assertRefused(Status.Code.NOT_FOUND, () -> client.clusterize(clusterize(imu + "_missing", 0,
                "{'imu.value':{'$gt':0}}", "null")));
        var single = assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.intersect(("{'topics':["
                + clusterize(imu, 0, "{'imu.value':{'$gt':0}}", "null") + "],'intersect_dt_ns':0}").replace('\'', '"')));
        assertThat(single.serverMessage()).contains("at least two");
        String oneTopic = clusterize(imu, 0, "{'imu.value':{'$gt':0}}", "null");
        var tooMany = assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.intersect(("{'topics':["
                + String.join(",", java.util.Collections.nCopies(257, oneTopic)) + "],'intersect_dt_ns':0}")
                .replace('\'', '"')));
        assertThat(tooMany.serverMessage()).contains("at most 256 topics, got 257");
        SessionHandle other = newSession("elsewhere");
        String otherImu = sequenceOf(other) + "/imu";
        var mixed = assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.intersect(("{'topics':["
                + clusterize(imu, 0, "{'imu.value':{'$gt':0}}", "null") + ","
                + clusterize(otherImu, 0, "{'imu.value':{'$gt':0}}", "null") + "],'intersect_dt_ns':0}")
                .replace('\'', '"')));
        assertThat(mixed.serverMessage()).contains("of one sequence");
    }
}
