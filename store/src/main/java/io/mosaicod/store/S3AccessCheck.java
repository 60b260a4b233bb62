package io.mosaicod.store;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.core.config.StoreConfig;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * One listing of the store's prefix, asked for at start-up, and what its refusal means in the operator's terms:
 * which setting names the bucket, the keys or the endpoint that S3 would not accept.
 */
final class S3AccessCheck {
    private S3AccessCheck() {
    }

    static void check(S3Bucket bucket, StoreConfig.S3 config) throws StoreAccessException {
        try {
            bucket.client().listObjectsV2(b -> b.bucket(bucket.name()).prefix(bucket.objectKey("")).maxKeys(1));
        } catch (SdkException e) {
            throw new StoreAccessException(explain(e, config), e);
        }
    }

    private static String explain(SdkException e, StoreConfig.S3 config) {
        String endpoint = config.endpoint().map(Object::toString).orElse("AWS S3 (region " + config.region() + ")");
        String code = e instanceof S3Exception s3 && s3.awsErrorDetails() != null ? s3.awsErrorDetails().errorCode()
                : null;
        String accessKey = config.accessKey().map(k -> "'" + k + "'").orElse("of the default credential chain");
        if ("NoSuchBucket".equals(code) || (code == null && S3Bucket.hasStatus(e, 404))) {
            return "the S3 bucket '" + config.bucket() + "' does not exist at " + endpoint + " ("
                    + named(Settings.STORE_BUCKET) + ")";
        }
        if ("InvalidAccessKeyId".equals(code)) {
            return "the S3 endpoint " + endpoint + " does not know the access key " + accessKey + " ("
                    + named(Settings.STORE_ACCESS_KEY) + ")";
        }
        if ("SignatureDoesNotMatch".equals(code)) {
            return "the S3 endpoint " + endpoint + " refused the secret key given for access key " + accessKey + " ("
                    + named(Settings.STORE_SECRET_KEY) + ")";
        }
        if (e instanceof S3Exception s3 && s3.statusCode() == 403) {
            return "the S3 credentials (access key " + accessKey + ") may not list bucket '" + config.bucket() + "' at "
                    + endpoint + " (" + named(Settings.STORE_ACCESS_KEY) + ", " + named(Settings.STORE_SECRET_KEY) + ")";
        }
        if (e instanceof SdkClientException) {
            return "cannot reach the S3 endpoint " + endpoint + " (" + named(Settings.STORE_ENDPOINT) + "): "
                    + rootMessage(e);
        }
        return "the S3 endpoint " + endpoint + " refused to list bucket '" + config.bucket() + "': " + e.getMessage();
    }

    private static String named(Setting<?> setting) {
        return setting.env() + ", config " + setting.fileKeyDisplay();
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
