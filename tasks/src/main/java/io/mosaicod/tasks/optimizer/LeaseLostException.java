package io.mosaicod.tasks.optimizer;

/** This instance no longer holds the topic's lease: its work must not be published. */
public final class LeaseLostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LeaseLostException(String topicLocator, String reason) {
        super("lost the lease on " + topicLocator + ": " + reason);
    }
}
