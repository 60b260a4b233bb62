package io.mosaicod.server.protocol;

import java.util.Objects;

/** The CMD descriptor of GetFlightInfo: a sequence or topic locator and an optional time range. */
public record FlightInfoCommand(String resourceLocator, TimeRange range) {
    public FlightInfoCommand {
        Objects.requireNonNull(resourceLocator, "resourceLocator");
        Objects.requireNonNull(range, "range");
    }
}
