package io.mosaicod.db;

import io.mosaicod.core.Availability;

/**
 * The repository could not be reached (connection refused or reset, no connection within the pool's wait): an
 * outage, not a mistake of the request, which may succeed once the repository is back.
 */
public final class RepositoryUnavailableException extends RepositoryException implements Availability.Unreachable {
    private static final long serialVersionUID = 1L;

    public RepositoryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
