package io.mosaicod.store;

/** The requested object key does not exist in the store. */
public final class ObjectNotFoundException extends ObjectStoreException {

    public ObjectNotFoundException(String key, String where, Throwable cause) {
        super(key, "object not found: '" + key + "' in " + where, cause);
    }
}
