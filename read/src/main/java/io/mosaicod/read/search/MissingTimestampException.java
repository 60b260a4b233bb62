package io.mosaicod.read.search;

/** A row a filter matched has no time, so it cannot be placed in a cluster (DATA_LOSS on the wire). */
public final class MissingTimestampException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingTimestampException(String topic, String chunk) {
        super("a row of topic " + topic + " (chunk " + chunk + ") matches the filter but has no timestamp");
    }
}
