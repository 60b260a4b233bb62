package io.mosaicod.store;

import io.mosaicod.core.Availability;

/**
 * The store could not be reached (no answer, a connection refused or reset, a server error): an outage, not a
 * mistake of the request, which may succeed once the store is back.
 */
public final class StoreUnavailableException extends ObjectStoreException implements Availability.Unreachable {
    public StoreUnavailableException(String key, String message, Throwable cause) {
        super(key, message, cause);
    }
}
