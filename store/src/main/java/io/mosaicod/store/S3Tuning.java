package io.mosaicod.store;

/**
 * Knobs of {@link S3ObjectStore} that are not part of the user configuration.
 *
 * @param partSizeBytes   a writer buffers this much before it switches to a multipart upload and then sends
 *                        parts of this size; objects smaller than it take one PUT. Default 16 MiB; S3 requires
 *                        at least 5 MiB.
 * @param listPageSize    keys per list request (S3 caps it at 1000, the default).
 * @param readAheadBytes  a ranged read shorter than this fetches this many bytes and serves the following small
 *                        reads from memory, so Parquet's many small footer and header reads do not each cost a
 *                        request. Default 256 KiB; 0 disables it.
 * @param checksumsOnlyWhenRequired send and validate CRC checksums only where an operation requires them.
 *                        Default false (the SDK's defaults, which AWS, MinIO and s3proxy accept); set it for
 *                        servers that reject the SDK's default checksums, such as Ceph radosgw.
 */
public record S3Tuning(int partSizeBytes, int listPageSize, int readAheadBytes, boolean checksumsOnlyWhenRequired) {
    public static final int MIN_PART_SIZE_BYTES = 5 * 1024 * 1024;
    public static final S3Tuning DEFAULTS = new S3Tuning(16 * 1024 * 1024, 1000, 256 * 1024, false);

    public S3Tuning {
        if (partSizeBytes < MIN_PART_SIZE_BYTES) {
            throw new IllegalArgumentException("'partSizeBytes' is set to " + partSizeBytes + " but must be >= "
                    + MIN_PART_SIZE_BYTES + " (S3's minimum part size)");
        }
        if (listPageSize < 1 || listPageSize > 1000) {
            throw new IllegalArgumentException("'listPageSize' is set to " + listPageSize
                    + " but must be between 1 and 1000");
        }
        if (readAheadBytes < 0) {
            throw new IllegalArgumentException("'readAheadBytes' is set to " + readAheadBytes + " but must be >= 0");
        }
    }

    public S3Tuning withListPageSize(int pageSize) {
        return new S3Tuning(partSizeBytes, pageSize, readAheadBytes, checksumsOnlyWhenRequired);
    }

    public S3Tuning withChecksumsOnlyWhenRequired(boolean onlyWhenRequired) {
        return new S3Tuning(partSizeBytes, listPageSize, readAheadBytes, onlyWhenRequired);
    }
}
