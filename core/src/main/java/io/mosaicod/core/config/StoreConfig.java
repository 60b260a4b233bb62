package io.mosaicod.core.config;

import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** Where the object store lives: a local directory (embedded default) or an S3-compatible bucket. */
public sealed interface StoreConfig {

    /** Objects are files under {@code root}; the folder layout of DESIGN.md §5 starts directly below it. */
    record Local(Path root) implements StoreConfig {
        public Local {
            Objects.requireNonNull(root, "root");
        }
    }

    /**
     * An S3 bucket. {@code endpoint} is empty for AWS itself and set for MinIO, Ceph, s3proxy...
     * (path-style addressing is used whenever an endpoint is set). {@code prefix} is an optional key prefix
     * ("" for the bucket root) under which the folder layout starts.
     */
    record S3(Optional<URI> endpoint, String bucket, String region, String prefix,
              Optional<String> accessKey, Optional<Secret> secretKey) implements StoreConfig {
        public S3 {
            Objects.requireNonNull(endpoint, "endpoint");
            Objects.requireNonNull(bucket, "bucket");
            Objects.requireNonNull(region, "region");
            Objects.requireNonNull(prefix, "prefix");
            Objects.requireNonNull(accessKey, "accessKey");
            Objects.requireNonNull(secretKey, "secretKey");
        }
    }
}
