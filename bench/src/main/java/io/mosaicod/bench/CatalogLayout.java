package io.mosaicod.bench;

import java.time.Duration;
import java.util.Locale;

/**
 * The names, times and states of a bulk-built catalog's topics, by topic number: what the builder writes and
 * what the benchmark's requests expect to find. Ten topics per sequence, created evenly over the year that ends a
 * day before the build. States, by number: 15 in 20 optimized (one of them after a failed attempt), three leased
 * to an optimizer for a month (queued, in flight), two given up after {@value #MAX_ATTEMPTS} failed attempts, so
 * that an optimizer pass over the catalog has nothing to do, as in a catalog whose optimizer keeps up.
 */
record CatalogLayout(int topics, long nowMs) {
    static final int TOPICS_PER_SEQUENCE = 10;
    /** The product's default {@code MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS}. */
    static final int MAX_ATTEMPTS = 3;
    private static final long YEAR_MS = Duration.ofDays(365).toMillis();
    private static final long DAY_MS = Duration.ofDays(1).toMillis();

    enum State { OPTIMIZED, OPTIMIZED_AFTER_FAILURE, LEASED, GAVE_UP }

    int sequences() {
        return (topics + TOPICS_PER_SEQUENCE - 1) / TOPICS_PER_SEQUENCE;
    }

    /** {@code seq_000000}. */
    static String sequenceLocator(int sequence) {
        return String.format(Locale.ROOT, "seq_%06d", sequence);
    }

    static int sequenceOf(int topic) {
        return topic / TOPICS_PER_SEQUENCE;
    }

    /**
     * {@code seq_000000/imu_0002}: the topic number after an underscore, four digits or more, so that a suffix glob
     * such as {@code *_0002} names exactly one topic of any catalog.
     */
    static String topicLocator(int topic) {
        return sequenceLocator(sequenceOf(topic)) + String.format(Locale.ROOT, "/imu_%04d", topic);
    }

    long createdAtMs(int topic) {
        long startMs = nowMs - YEAR_MS - DAY_MS;
        return startMs + topic * YEAR_MS / topics;
    }

    static State state(int topic) {
        int slot = topic % 20;
        return slot < 14 ? State.OPTIMIZED : slot < 17 ? State.LEASED : slot < 19 ? State.GAVE_UP
                : State.OPTIMIZED_AFTER_FAILURE;
    }
}
