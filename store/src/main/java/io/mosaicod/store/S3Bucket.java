package io.mosaicod.store;

import io.mosaicod.core.Availability;
import java.time.Duration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The client, bucket and key prefix the S3 store classes work against, and how they turn SDK failures into
 * store exceptions naming the key; failures that show the store unreachable are reported to its availability.
 */
record S3Bucket(S3Client client, String name, String keyPrefix, S3Tuning tuning, Availability availability) {

    S3Bucket(S3Client client, String name, String keyPrefix, S3Tuning tuning) {
        this(client, name, keyPrefix, tuning, new Availability("the S3 store s3://" + name + "/" + keyPrefix,
                () -> client.listObjectsV2(list -> list.bucket(name).prefix(keyPrefix).maxKeys(1)),
                Duration.ofSeconds(1)));
    }

    /** The S3 object key of store key {@code key}. */
    String objectKey(String key) {
        return keyPrefix + key;
    }

    /** The store key of S3 object key {@code objectKey} (which starts with the prefix). */
    String storeKey(String objectKey) {
        return objectKey.substring(keyPrefix.length());
    }

    String where() {
        return "s3://" + name + "/" + keyPrefix;
    }

    ObjectStoreException failure(String operation, String key, SdkException e) {
        if (isMissingKey(e)) {
            return new ObjectNotFoundException(key, where(), e);
        }
        if (isUnreachable(e)) {
            availability.lost(e);
            return new StoreUnavailableException(key, operation + " '" + key + "' in " + where() + " failed: the"
                    + " store is unavailable (" + e.getMessage() + ")", e);
        }
        return new ObjectStoreException(key, operation + " '" + key + "' in " + where() + " failed: "
                + e.getMessage(), e);
    }

    static boolean isMissingKey(SdkException e) {
        if (e instanceof NoSuchKeyException) {
            return true;
        }
        // other 404s (NoSuchBucket, NoSuchUpload) are not a missing object
        return e instanceof S3Exception s3 && s3.statusCode() == 404 && s3.awsErrorDetails() != null
                && ("NoSuchKey".equals(s3.awsErrorDetails().errorCode())
                    || "NotFound".equals(s3.awsErrorDetails().errorCode()));
    }

    /** No answer at all (connection refused or reset, timeout), or the server's own failure (HTTP 5xx). */
    private static boolean isUnreachable(SdkException e) {
        return e instanceof SdkClientException || e instanceof S3Exception s3 && s3.statusCode() >= 500;
    }

    static boolean hasStatus(SdkException e, int status) {
        return e instanceof S3Exception s3 && s3.statusCode() == status;
    }
}
