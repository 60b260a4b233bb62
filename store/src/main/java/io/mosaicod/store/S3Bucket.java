package io.mosaicod.store;

import io.mosaicod.core.Availability;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import software.amazon.awssdk.core.exception.AbortedException;
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
        if (e instanceof AbortedException || Thread.currentThread().isInterrupted()) {
            return interrupted(operation, key, e);
        }
        if (isUnreachable(e)) {
            availability.lost(e);
            return new StoreUnavailableException(key, operation + " '" + key + "' in " + where() + " failed: the"
                    + " store is unavailable (" + e.getMessage() + ")", e);
        }
        return new ObjectStoreException(key, operation + " '" + key + "' in " + where() + " failed: "
                + e.getMessage(), e);
    }

    /**
     * A response body that broke off while it was read (connection reset or closed early, read timeout): the SDK
     * hands the body over as a plain stream, whose failures it never sees.
     */
    ObjectStoreException failure(String operation, String key, IOException e) {
        // a read timeout is an InterruptedIOException too, but the store's silence, not a cancellation
        boolean cancelled = e instanceof InterruptedIOException && !(e instanceof SocketTimeoutException);
        if (cancelled || Thread.currentThread().isInterrupted()) {
            return interrupted(operation, key, e);
        }
        availability.lost(e);
        return new StoreUnavailableException(key, operation + " '" + key + "' in " + where() + " failed: the"
                + " store's answer broke off (" + e + ")", e);
    }

    /** A call given up because its thread was interrupted: a cancellation, not the store's failure. */
    private ObjectStoreException interrupted(String operation, String key, Exception e) {
        return new ObjectStoreException(key, operation + " '" + key + "' in " + where() + " was interrupted", e);
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
