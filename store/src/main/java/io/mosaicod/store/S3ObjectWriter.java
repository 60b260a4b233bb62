package io.mosaicod.store;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Buffers up to one part in memory: an object that fits is sent with a single PUT on commit; a larger one
 * becomes a multipart upload, sent part by part as the buffer fills and completed on commit (S3 makes it
 * visible only then). Abort removes the multipart upload so no parts linger.
 */
final class S3ObjectWriter extends ObjectWriter {
    private static final int INITIAL_BUFFER_BYTES = 64 * 1024;

    private final S3Bucket bucket;
    private final String objectKey;
    private final int partSize;
    private final ChecksumAlgorithm checksum;
    private final List<CompletedPart> parts = new ArrayList<>();
    private byte[] buffer;
    private int buffered;
    private String uploadId;

    S3ObjectWriter(S3Bucket bucket, String key) {
        super(key);
        this.bucket = bucket;
        this.objectKey = bucket.objectKey(key);
        this.partSize = bucket.tuning().partSizeBytes();
        // With checksums on, declare CRC32 for the whole upload so every part and the completion carry it.
        this.checksum = bucket.tuning().checksumsOnlyWhenRequired() ? null : ChecksumAlgorithm.CRC32;
        this.buffer = new byte[Math.min(INITIAL_BUFFER_BYTES, partSize)];
    }

    @Override
    protected void append(byte[] bytes, int offset, int length) throws IOException {
        int from = offset;
        int remaining = length;
        while (remaining > 0) {
            if (buffered == buffer.length) {
                if (buffer.length < partSize) {
                    buffer = Arrays.copyOf(buffer, (int) Math.min(partSize, buffer.length * 2L));
                } else {
                    sendPart();
                }
            }
            int n = Math.min(remaining, buffer.length - buffered);
            System.arraycopy(bytes, from, buffer, buffered, n);
            buffered += n;
            from += n;
            remaining -= n;
        }
    }

    @Override
    protected void publish() throws IOException {
        try {
            if (uploadId == null) {
                bucket.client().putObject(b -> b.bucket(bucket.name()).key(objectKey).checksumAlgorithm(checksum),
                        body());
            } else {
                if (buffered > 0) {
                    sendPart();
                }
                bucket.client().completeMultipartUpload(b -> b.bucket(bucket.name()).key(objectKey)
                        .uploadId(uploadId).multipartUpload(m -> m.parts(parts)));
            }
            buffer = null;
        } catch (SdkException e) {
            throw bucket.failure("commit", key(), e);
        }
    }

    @Override
    protected void discard() throws IOException {
        buffer = null;
        if (uploadId == null) {
            return;
        }
        // A write is often given up by interrupting its thread, and the SDK refuses any request on an interrupted
        // thread: the abort runs with the flag cleared, which is set again after it.
        boolean interrupted = Thread.interrupted();
        try {
            bucket.client().abortMultipartUpload(b -> b.bucket(bucket.name()).key(objectKey).uploadId(uploadId));
            uploadId = null;
        } catch (SdkException e) {
            if (!S3Bucket.hasStatus(e, 404)) { // NoSuchUpload: already gone
                throw bucket.failure("abort multipart upload " + uploadId + " of", key(), e);
            }
            uploadId = null;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void sendPart() throws IOException {
        try {
            if (uploadId == null) {
                uploadId = bucket.client().createMultipartUpload(b -> b.bucket(bucket.name()).key(objectKey)
                        .checksumAlgorithm(checksum)).uploadId();
            }
            int partNumber = parts.size() + 1;
            UploadPartResponse response = bucket.client().uploadPart(b -> b.bucket(bucket.name()).key(objectKey)
                    .uploadId(uploadId).partNumber(partNumber).checksumAlgorithm(checksum), body());
            parts.add(CompletedPart.builder().partNumber(partNumber).eTag(response.eTag())
                    .checksumCRC32(response.checksumCRC32()).build());
            buffered = 0;
        } catch (SdkException e) {
            throw bucket.failure("upload part " + (parts.size() + 1) + " of", key(), e);
        }
    }

    /** The buffered bytes, without the copy {@code RequestBody.fromBytes} would make. */
    private RequestBody body() {
        byte[] bytes = buffer;
        int length = buffered;
        return RequestBody.fromContentProvider(() -> new ByteArrayInputStream(bytes, 0, length), length,
                "application/octet-stream");
    }
}
