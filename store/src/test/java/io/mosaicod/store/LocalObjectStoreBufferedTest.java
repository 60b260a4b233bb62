package io.mosaicod.store;

import java.io.IOException;

/** The local store's contract when it writes through the page cache (file systems that refuse O_DIRECT). */
class LocalObjectStoreBufferedTest extends LocalObjectStoreTest {
    @Override
    protected ObjectStore newStore() throws IOException {
        root = temp.resolve("store");
        return new LocalObjectStore(root, false);
    }
}
