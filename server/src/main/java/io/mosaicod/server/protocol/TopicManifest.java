package io.mosaicod.server.protocol;

import java.util.Objects;

/**
 * What GetFlightInfo tells about one topic: its endpoint's {@code app_metadata} (TopicAppMetadata) and the
 * {@code mosaico:*} schema metadata.
 *
 * @param completedAtNs when the topic's session was finalized (null while open); {@code locked} follows it
 * @param timeWindow    statistics of the requested range; null iff no range was requested
 */
public record TopicManifest(String locator, long createdAtNs, Long completedAtNs, boolean locked,
                            String ontologyTag, String serializationFormat, UserMetadata userMetadata,
                            DataInfo dataInfo, TimeWindow timeWindow) {
    public TopicManifest {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(ontologyTag, "ontologyTag");
        Objects.requireNonNull(serializationFormat, "serializationFormat");
        Objects.requireNonNull(userMetadata, "userMetadata");
        Objects.requireNonNull(dataInfo, "dataInfo");
    }

    /** The whole topic: {@code interval} is null when it has no timestamped row. */
    public record DataInfo(Interval interval, long totalRowCount, long totalBytes, long totalChunksCount) {
    }

    /** The rows of the requested range: {@code interval} is null when none falls in it. */
    public record TimeWindow(Interval interval, long rowCount) {
    }

    /** The rows the properties describe: the requested range if any, else the whole topic. */
    public Interval effectiveInterval() {
        return timeWindow != null ? timeWindow.interval() : dataInfo.interval();
    }

    public long effectiveRowCount() {
        return timeWindow != null ? timeWindow.rowCount() : dataInfo.totalRowCount();
    }
}
