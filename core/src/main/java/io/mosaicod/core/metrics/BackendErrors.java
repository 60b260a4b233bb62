package io.mosaicod.core.metrics;

/**
 * Hears every failure of the two backends a process works against, the repository and the store, so that a
 * metrics endpoint can count them (docs/metrics.md). The repository and the store report here without knowing
 * how, or whether, the counts are published; {@link #NONE} is what they use when nobody listens.
 */
public interface BackendErrors {
    BackendErrors NONE = new BackendErrors() {
        @Override
        public void repositoryError() {
        }

        @Override
        public void storeError(String operation) {
        }
    };

    /** A repository operation failed (the database refused it or could not be reached). */
    void repositoryError();

    /**
     * A store operation failed; an object that does not exist is an answer, not a failure.
     *
     * @param operation one of a few fixed words ({@code get}, {@code put}, {@code list}...): a metric label
     */
    void storeError(String operation);
}
