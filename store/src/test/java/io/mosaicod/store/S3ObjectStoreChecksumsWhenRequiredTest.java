package io.mosaicod.store;

/** The contract again with the SDK sending checksums only where S3 requires them (Ceph-compatible mode). */
class S3ObjectStoreChecksumsWhenRequiredTest extends S3ObjectStoreTest {
    @Override
    protected S3Tuning tuning() {
        return super.tuning().withChecksumsOnlyWhenRequired(true);
    }
}
