package io.mosaicod.db;

/**
 * The states {@code topic ls} shows, by the words it shows them with: a topic has one upload state (locked
 * overrides complete) and one optimization state (optimized overrides a lease, a lease overrides giving up).
 */
public enum TopicState {
    UPLOADING("uploading"),
    COMPLETE("complete"),
    LOCKED("locked"),
    NOT_OPTIMIZED("not optimized"),
    OPTIMIZING("optimizing"),
    GIVEN_UP("given up"),
    OPTIMIZED("optimized");

    private final String label;

    TopicState(String label) {
        this.label = label;
    }

    /** The words {@code topic ls} and {@code topic show} print. */
    public String label() {
        return label;
    }

    /** The label with a hyphen for its space, as a command-line value is typed: {@code given-up}. */
    public String optionValue() {
        return label.replace(' ', '-');
    }

    public boolean isUploadState() {
        return this == UPLOADING || this == COMPLETE || this == LOCKED;
    }

    public static TopicState upload(Topic topic) {
        if (topic.locked()) {
            return LOCKED;
        }
        return topic.isUploadComplete() ? COMPLETE : UPLOADING;
    }

    /**
     * @param leased an optimizer holds a lease on it
     * @param givenUp the optimizer stopped retrying it after the maximum failed attempts
     */
    public static TopicState optimization(Topic topic, boolean leased, boolean givenUp) {
        if (topic.isOptimized()) {
            return OPTIMIZED;
        }
        if (leased) {
            return OPTIMIZING;
        }
        return givenUp ? GIVEN_UP : NOT_OPTIMIZED;
    }
}
