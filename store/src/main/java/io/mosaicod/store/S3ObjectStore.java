package io.mosaicod.store;

import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.core.io.RandomAccessSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * An S3 bucket (AWS or any S3-compatible server) through the AWS SDK v2 with the Apache HTTP client. With an
 * endpoint override, requests use path-style addressing ({@code http://host/bucket/key}), which MinIO, Ceph
 * and s3proxy expect. Every store key is prefixed with {@link StoreConfig.S3#prefix()} (a {@code /} is
 * added if missing). Credentials are the configured access/secret key pair, else the SDK's default chain
 * (environment, profile, instance role).
 *
 * <p>Objects become visible atomically: a single PUT, or a multipart upload that S3 publishes only on
 * completion (see {@link S3ObjectWriter}). {@link #copy} is a server-side copy (objects up to 5 GB, which
 * is ample for {@code metadata.json}).
 */
public final class S3ObjectStore implements ObjectStore {
    private static final int MAX_DELETE_BATCH = 1000; // S3's limit per DeleteObjects request

    private final S3Bucket bucket;
    private final StoreConfig.S3 config;

    public S3ObjectStore(StoreConfig.S3 config) {
        this(config, S3Tuning.DEFAULTS);
    }

    public S3ObjectStore(StoreConfig.S3 config, S3Tuning tuning) {
        this.bucket = new S3Bucket(client(config, tuning), config.bucket(), normalizedPrefix(config.prefix()), tuning);
        this.config = config;
    }

    @Override
    public void checkAccess() throws StoreAccessException {
        S3AccessCheck.check(bucket, config);
    }

    @Override
    public void put(String key, byte[] bytes) throws IOException {
        ObjectKeys.requireValidKey(key);
        try {
            bucket.client().putObject(b -> b.bucket(bucket.name()).key(bucket.objectKey(key)),
                    RequestBody.fromContentProvider(() -> new ByteArrayInputStream(bytes), bytes.length,
                            "application/octet-stream"));
        } catch (SdkException e) {
            throw bucket.failure("put", key, e);
        }
    }

    @Override
    public ObjectWriter newWriter(String key) {
        return new S3ObjectWriter(bucket, ObjectKeys.requireValidKey(key));
    }

    @Override
    public byte[] get(String key) throws IOException {
        ObjectKeys.requireValidKey(key);
        try {
            return bucket.client().getObjectAsBytes(b -> b.bucket(bucket.name()).key(bucket.objectKey(key)))
                    .asByteArrayUnsafe();
        } catch (SdkException e) {
            throw bucket.failure("get", key, e);
        }
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        HeadObjectResponse head = headObject(key);
        return new S3RangeSource(bucket, key, head.contentLength(), head.eTag());
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        HeadObjectResponse head = headObject(key);
        return new ObjectInfo(key, head.contentLength(), head.lastModified());
    }

    @Override
    public Stream<ObjectInfo> list(String prefix) {
        ObjectKeys.requireValidPrefix(prefix);
        return pages(prefix, false).flatMap(page -> page.contents().stream()
                .map(o -> new ObjectInfo(bucket.storeKey(o.key()), o.size(), o.lastModified())));
    }

    @Override
    public Stream<ListEntry> listDelimited(String prefix) {
        ObjectKeys.requireValidPrefix(prefix);
        return pages(prefix, true).flatMap(page -> {
            // S3 returns a page's objects and common prefixes in two lists, each sorted: merge them.
            List<ListEntry> entries = new ArrayList<>(page.contents().size() + page.commonPrefixes().size());
            page.contents().forEach(o -> entries.add(
                    new ObjectInfo(bucket.storeKey(o.key()), o.size(), o.lastModified())));
            page.commonPrefixes().forEach(p -> entries.add(new PrefixEntry(bucket.storeKey(p.prefix()))));
            entries.sort((a, b) -> ObjectKeys.ORDER.compare(a.key(), b.key()));
            return entries.stream();
        });
    }

    @Override
    public void delete(String key) throws IOException {
        ObjectKeys.requireValidKey(key);
        try {
            bucket.client().deleteObject(b -> b.bucket(bucket.name()).key(bucket.objectKey(key)));
        } catch (SdkException e) {
            throw bucket.failure("delete", key, e);
        }
    }

    @Override
    public long deleteFolder(String folder) throws IOException {
        String prefix = ObjectKeys.folderPrefix(folder);
        long deleted = 0;
        try {
            // Each page is deleted before the next is requested: the continuation token is a position in key
            // order, so removing already-listed keys does not disturb it.
            Iterator<ListObjectsV2Response> pages = pages(prefix, false).iterator();
            while (pages.hasNext()) {
                List<ObjectIdentifier> batch = pages.next().contents().stream()
                        .map(o -> ObjectIdentifier.builder().key(o.key()).build())
                        .toList();
                for (int from = 0; from < batch.size(); from += MAX_DELETE_BATCH) {
                    deleteBatch(prefix, batch.subList(from, Math.min(batch.size(), from + MAX_DELETE_BATCH)));
                }
                deleted += batch.size();
            }
            abortUploads(prefix);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (SdkException e) {
            throw bucket.failure("delete folder", prefix, e);
        }
        return deleted;
    }

    @Override
    public void copy(String sourceKey, String targetKey) throws IOException {
        ObjectKeys.requireValidKey(sourceKey);
        ObjectKeys.requireValidKey(targetKey);
        try {
            bucket.client().copyObject(b -> b.sourceBucket(bucket.name()).sourceKey(bucket.objectKey(sourceKey))
                    .destinationBucket(bucket.name()).destinationKey(bucket.objectKey(targetKey)));
        } catch (SdkException e) {
            throw bucket.failure("copy to '" + targetKey + "' from", sourceKey, e);
        }
    }

    @Override
    public void close() {
        bucket.availability().close();
        bucket.client().close();
    }

    @Override
    public String toString() {
        return "S3 store " + bucket.where();
    }

    private HeadObjectResponse headObject(String key) throws IOException {
        ObjectKeys.requireValidKey(key);
        try {
            return bucket.client().headObject(b -> b.bucket(bucket.name()).key(bucket.objectKey(key)));
        } catch (SdkException e) {
            throw bucket.failure("head", key, e);
        }
    }

    private void deleteBatch(String prefix, List<ObjectIdentifier> objects) throws IOException {
        DeleteObjectsResponse response = bucket.client().deleteObjects(b -> b.bucket(bucket.name())
                .delete(d -> d.objects(objects).quiet(true)));
        if (response.hasErrors() && !response.errors().isEmpty()) {
            S3Error first = response.errors().get(0);
            String key = bucket.storeKey(first.key());
            throw new ObjectStoreException(key, "delete folder '" + prefix + "' in " + bucket.where() + ": "
                    + response.errors().size() + " objects not deleted, first '" + key + "': " + first.code()
                    + " " + first.message(), null);
        }
    }

    /** Aborts unfinished multipart uploads under {@code prefix}: parts of writers that crashed or still run. */
    private void abortUploads(String prefix) {
        for (MultipartUpload upload : bucket.client().listMultipartUploadsPaginator(b -> b.bucket(bucket.name())
                .prefix(bucket.objectKey(prefix))).uploads()) {
            try {
                bucket.client().abortMultipartUpload(b -> b.bucket(bucket.name()).key(upload.key())
                        .uploadId(upload.uploadId()));
            } catch (SdkException e) {
                if (!S3Bucket.hasStatus(e, 404)) {
                    throw e;
                }
            }
        }
    }

    /** The list pages under {@code prefix}, requested lazily one after another. */
    private Stream<ListObjectsV2Response> pages(String prefix, boolean delimited) {
        ListObjectsV2Request first = ListObjectsV2Request.builder().bucket(bucket.name())
                .prefix(bucket.objectKey(prefix)).delimiter(delimited ? "/" : null)
                .maxKeys(bucket.tuning().listPageSize()).build();
        Iterator<ListObjectsV2Response> pages = new Iterator<>() {
            private ListObjectsV2Request request = first;

            @Override
            public boolean hasNext() {
                return request != null;
            }

            @Override
            public ListObjectsV2Response next() {
                if (request == null) {
                    throw new NoSuchElementException();
                }
                ListObjectsV2Response page;
                try {
                    page = bucket.client().listObjectsV2(request);
                } catch (SdkException e) {
                    throw new UncheckedIOException(bucket.failure("list", prefix, e));
                }
                request = Boolean.TRUE.equals(page.isTruncated())
                        ? request.toBuilder().continuationToken(page.nextContinuationToken()).build()
                        : null;
                return page;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(pages,
                Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    private static String normalizedPrefix(String prefix) {
        if (prefix.isEmpty() || prefix.endsWith("/")) {
            return prefix;
        }
        return prefix + "/";
    }

    private static S3Client client(StoreConfig.S3 config, S3Tuning tuning) {
        if (config.bucket().isBlank()) {
            throw new IllegalArgumentException("S3 store bucket must not be empty");
        }
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(ApacheHttpClient.builder().maxConnections(64))
                .region(Region.of(config.region()))
                .credentialsProvider(credentials(config));
        config.endpoint().ifPresent(endpoint -> builder.endpointOverride(endpoint).forcePathStyle(true));
        if (tuning.checksumsOnlyWhenRequired()) {
            builder.requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        }
        return builder.build();
    }

    private static AwsCredentialsProvider credentials(StoreConfig.S3 config) {
        if (config.accessKey().isPresent() != config.secretKey().isPresent()) {
            throw new IllegalArgumentException("S3 store access key and secret key must be set together (bucket '"
                    + config.bucket() + "'): only the " + (config.accessKey().isPresent() ? "access" : "secret")
                    + " key is set");
        }
        if (config.accessKey().isEmpty()) {
            return DefaultCredentialsProvider.builder().build();
        }
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(config.accessKey().get(),
                config.secretKey().get().reveal()));
    }
}
