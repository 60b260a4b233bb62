package io.mosaicod.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.Result;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * The client takes every Result of a cluster action as the server sends it ({@link ActionCall}): all of them, in
 * order; a Result it cannot read ends the call with an error instead of a partial list; the server's refusal keeps
 * its code.
 */
class ClusterResultsTest {
    private static final int CLUSTERS = 20_000;

    @Test
    void everyResultArrivesInOrderAndABadOneOrARefusalFailsTheCall() throws Exception {
        CountDownLatch badCallEnded = new CountDownLatch(1);
        NoOpFlightProducer producer = new NoOpFlightProducer() {
            @Override
            public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
                String request = new String(action.getBody(), StandardCharsets.UTF_8);
                switch (request) {
                    case "many" -> {
                        for (int id = 0; id < CLUSTERS; id++) {
                            listener.onNext(cluster(action.getType(), id));
                        }
                        listener.onCompleted();
                    }
                    case "bad" -> {
                        try {
                            listener.onNext(cluster(action.getType(), 0));
                            listener.onNext(new Result("not json".getBytes(StandardCharsets.UTF_8)));
                            // the client cancels on the bad Result and reads no more
                            for (int id = 2; id < CLUSTERS && !context.isCancelled(); id++) {
                                listener.onNext(cluster(action.getType(), id));
                            }
                            listener.onCompleted();
                        } finally {
                            badCallEnded.countDown();
                        }
                    }
                    default -> listener.onError(CallStatus.NOT_FOUND.withDescription("no topic `" + request + "`")
                            .toRuntimeException());
                }
            }
        };
        try (BufferAllocator allocator = new RootAllocator();
             FlightServer server = FlightServer.builder(allocator, Location.forGrpcInsecure("127.0.0.1", 0), producer)
                     .build().start()) {
            MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.getPort());
            try {
                List<TimeCluster> clusters = client.clusterize("many");
                assertThat(clusters).hasSize(CLUSTERS);
                for (int id = 0; id < CLUSTERS; id++) {
                    assertThat(clusters.get(id)).isEqualTo(new TimeCluster(id, 10L * id, 10L * id + 5));
                }

                assertThatThrownBy(() -> client.intersect("bad")).isInstanceOf(MosaicoException.class)
                        .hasMessageContaining("an action reply");
                assertThat(badCallEnded.await(30, TimeUnit.SECONDS)).isTrue();

                assertThatThrownBy(() -> client.clusterize("nope")).isInstanceOf(MosaicoException.class)
                        .satisfies(e -> assertThat(((MosaicoException) e).code()).isEqualTo(Status.Code.NOT_FOUND))
                        .hasMessageContaining("no topic `nope`");
                // the connection serves the next call as before
                assertThat(client.clusterize("many")).hasSize(CLUSTERS);
            } finally {
                client.close();
            }
        }
    }

    private static Result cluster(String action, int id) {
        return new Result(("{\"action\":\"" + action + "\",\"response\":{\"ts\":{\"start_ns\":" + 10L * id
                + ",\"end_ns\":" + (10L * id + 5) + "},\"id\":" + id + "}}").getBytes(StandardCharsets.UTF_8));
    }
}
