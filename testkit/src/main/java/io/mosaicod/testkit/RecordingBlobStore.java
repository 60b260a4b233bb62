package io.mosaicod.testkit;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

/**
 * An s3proxy backend that records, in order, every write of an object it was asked for: a PUT, a completed
 * multipart upload, the target of a copy. A write is recorded when it arrives, whether it then succeeds or not,
 * so a test sees every attempt to write a key. It counts the reads too — listing requests (one per page), GETs and
 * HEADs of objects — per bucket.
 */
final class RecordingBlobStore extends ForwardingBlobStore {
    /** One requested write: the bucket and the object's key. */
    record Write(String bucket, String key) {
    }

    private final List<Write> writes = new ArrayList<>();
    private final Map<String, Map<String, Integer>> reads = new HashMap<>();

    RecordingBlobStore(BlobStore delegate) {
        super(delegate);
    }

    synchronized List<Write> writes() {
        return List.copyOf(writes);
    }

    private synchronized void record(String bucket, String key) {
        writes.add(new Write(bucket, key));
    }

    /** How many requests of each kind ({@code list}, {@code get}, {@code head}) {@code bucket} received. */
    synchronized Map<String, Integer> reads(String bucket) {
        return Map.copyOf(reads.getOrDefault(bucket, Map.of()));
    }

    private synchronized void countRead(String bucket, String kind) {
        reads.computeIfAbsent(bucket, b -> new HashMap<>()).merge(kind, 1, Integer::sum);
    }

    @Override
    public ListObjectsV2Response list(ListObjectsV2Request request) {
        countRead(request.bucket(), "list");
        return super.list(request);
    }

    @Override
    public ResponseInputStream<GetObjectResponse> getBlob(GetObjectRequest request) {
        countRead(request.bucket(), "get");
        return super.getBlob(request);
    }

    @Override
    public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
        countRead(request.bucket(), "head");
        return super.blobMetadata(request);
    }

    @Override
    public PutObjectResponse putBlob(PutObjectRequest request, InputStream content) {
        record(request.bucket(), request.key());
        return super.putBlob(request, content);
    }

    @Override
    public CompleteMultipartUploadResponse completeMultipartUpload(MultipartUpload upload,
                                                                   CompleteMultipartUploadRequest request) {
        record(request.bucket(), request.key());
        return super.completeMultipartUpload(upload, request);
    }

    @Override
    public CopyObjectResponse copyBlob(CopyObjectRequest request) {
        record(request.destinationBucket(), request.destinationKey());
        return super.copyBlob(request);
    }
}
