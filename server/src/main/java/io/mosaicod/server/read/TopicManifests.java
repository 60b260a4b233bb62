package io.mosaicod.server.read;

import io.mosaicod.server.protocol.TimeRange;
import io.mosaicod.server.protocol.TopicManifest;

/** Describes a topic snapshot as the protocol does, with the statistics of the requested range if any. */
final class TopicManifests {
    private final RangeStatistics rangeStatistics;

    TopicManifests(RangeStatistics rangeStatistics) {
        this.rangeStatistics = rangeStatistics;
    }

    TopicManifest describe(TopicSnapshot snapshot, TimeRange range) {
        var topic = snapshot.topic();
        TopicManifest.TimeWindow window = range.isBounded()
                ? rangeStatistics.window(snapshot.chunks(), range, snapshot.nullableTimestamps()) : null;
        return new TopicManifest(topic.locator(), Nanos.of(topic.createdAt()), snapshot.lockedAtNs().orElse(null),
                topic.locked(), topic.ontologyTag().orElse(""), topic.serializationFormat(), snapshot.userMetadata(),
                snapshot.dataInfo(), window);
    }
}
