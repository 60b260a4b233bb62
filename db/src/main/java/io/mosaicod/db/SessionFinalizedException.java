package io.mosaicod.db;

/**
 * A topic was to be created in a session that is finalized, possibly by a concurrent request after the writer
 * looked at the session: a finalized session takes no topic. Nothing was written.
 */
public final class SessionFinalizedException extends RepositoryException {
    private static final long serialVersionUID = 1L;

    public SessionFinalizedException(String message) {
        super(message, null);
    }
}
