package io.mosaicod.store;

import java.io.IOException;

/**
 * The store cannot be used at all, whatever the key: a bucket that does not exist, credentials the server refuses,
 * an endpoint that does not answer. The message is one sentence naming the setting to fix.
 */
public final class StoreAccessException extends IOException {
    private static final long serialVersionUID = 1L;

    StoreAccessException(String message, Throwable cause) {
        super(message, cause);
    }
}
