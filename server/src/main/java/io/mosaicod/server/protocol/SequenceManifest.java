package io.mosaicod.server.protocol;

import java.util.List;
import java.util.Objects;

/** What GetFlightInfo tells about one sequence: the FlightInfo's {@code app_metadata} (SequenceAppMetadata). */
public record SequenceManifest(String locator, long createdAtNs, UserMetadata userMetadata,
                               List<SessionManifest> sessions) {
    public SequenceManifest {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(userMetadata, "userMetadata");
        sessions = List.copyOf(sessions);
    }

    /** One session of the sequence, with the locators of its topics. */
    public record SessionManifest(String locator, long createdAtNs, Long completedAtNs, boolean locked,
                                  List<String> topics) {
        public SessionManifest {
            Objects.requireNonNull(locator, "locator");
            topics = List.copyOf(topics);
        }
    }
}
