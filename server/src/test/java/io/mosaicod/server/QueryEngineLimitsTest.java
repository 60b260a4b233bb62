package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.core.search.QueryEngineLimits;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The {@code [query_engine]} memory pool holds: a search on the data that needs more fails with
 * RESOURCE_EXHAUSTED (not an out-of-memory server), gives back what it held, and leaves metadata searches,
 * which need no Arrow memory, answering.
 */
class QueryEngineLimitsTest extends ServerFixture {
    @Override
    Backend.Kind backendKind() {
        return Backend.Kind.SQLITE_LOCAL;
    }

    @Override
    ServerSettings settings() {
        return super.settings().withQueryEngine(new QueryEngineLimits(1, 2, 8));
    }

    @Test
    void aSearchNeedingMoreThanTheMemoryPoolIsRefusedAndTheServerGoesOn() {
        String sequence = uniqueName("pool");
        client.createSequence(sequence, metadata("robot", "r1"));
        SessionHandle session = client.createSession(sequence);
        UUID topic = client.createTopic(session.uuid(), new TopicSpec(sequence + "/imu", "ragged", "imu",
                metadata("unit", "V")));
        upload(sequence + "/imu", topic, new long[] {1000, 2000, 3000});
        String onData = "{\"sequence\":{\"name\":{\"$eq\":\"" + sequence + "\"}},\"ontology\":{\"imu.value\":{\"$gt\":1}}}";

        var refusal = assertRefused(Status.Code.RESOURCE_EXHAUSTED, () -> client.query(onData));
        assertThat(refusal.serverMessage()).contains("MOSAICOD_QUERY_ENGINE_MEMORY_POOL_SIZE");
        assertThat(client.query("{\"sequence\":{\"name\":{\"$eq\":\"" + sequence + "\"}}}"))
                .as("a metadata search needs no Arrow memory").hasSize(1);
        assertRefused(Status.Code.RESOURCE_EXHAUSTED, () -> client.query(onData));
    }
}
