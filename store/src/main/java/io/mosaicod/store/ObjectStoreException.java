package io.mosaicod.store;

import java.io.IOException;

/** A store operation failed; the message names the operation and the object key or prefix concerned. */
public class ObjectStoreException extends IOException {
    private final String key;

    public ObjectStoreException(String key, String message, Throwable cause) {
        super(message, cause);
        this.key = key;
    }

    /** The object key (or folder prefix) the failed operation concerned. */
    public String key() {
        return key;
    }
}
