package io.mosaicod.store;

import io.mosaicod.core.config.StoreConfig;

import java.io.IOException;

/** Opens the store a {@link StoreConfig} describes. */
public final class ObjectStores {
    private ObjectStores() {
    }

    public static ObjectStore open(StoreConfig config) throws IOException {
        if (config instanceof StoreConfig.Local local) {
            return new LocalObjectStore(local.root());
        }
        if (config instanceof StoreConfig.S3 s3) {
            return new S3ObjectStore(s3);
        }
        throw new IllegalArgumentException("unsupported store configuration: " + config);
    }
}
