package io.mosaicod.db;

/**
 * A write refers to a sequence, session or topic that a concurrent request deleted between the writer's
 * lookup and its write: the database's foreign key refused it. Nothing was written.
 */
public final class ConcurrentDeletionException extends RepositoryException {
    private static final long serialVersionUID = 1L;

    public ConcurrentDeletionException(String message, Throwable cause) {
        super(message, cause);
    }
}
