package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Ranged GETs of one object version. Every request carries {@code If-Match: <ETag>}, so if the key is
 * replaced while it is being read the read fails instead of mixing two versions.
 *
 * <p>Reads shorter than the read-ahead are served from one cached window of {@code readAheadBytes}: Parquet
 * reads its footer length, then its footer, then page headers, each a small read. Near the end of the object
 * the window is placed to end at the end, because Parquet reads backwards from there. Thread-safe: the
 * window is an immutable snapshot swapped atomically.
 */
final class S3RangeSource implements RandomAccessSource {
    private static final int TRANSFER_BYTES = 64 * 1024;

    private record Window(long start, byte[] bytes) {
        boolean covers(long position, int length) {
            return position >= start && position + length <= start + bytes.length;
        }
    }

    private final S3Bucket bucket;
    private final String key;
    private final long size;
    private final String eTag;
    private final int readAhead;
    private volatile Window window = new Window(0, new byte[0]);
    private volatile boolean closed;

    S3RangeSource(S3Bucket bucket, String key, long size, String eTag) {
        this.bucket = bucket;
        this.key = key;
        this.size = size;
        this.eTag = eTag;
        this.readAhead = bucket.tuning().readAheadBytes();
    }

    @Override
    public String name() {
        return key;
    }

    @Override
    public long size() {
        return size;
    }

    /** A ranged GET costs a round trip: at a loopback's or a LAN's rates, about a megabyte's transfer. */
    @Override
    public long joinGapBytes() {
        return 1 << 20;
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        if (closed) {
            throw new IOException("source of '" + key + "' in " + bucket.where() + " is closed");
        }
        int length = dst.remaining();
        ReadRanges.check(key, position, length, size);
        if (length == 0) {
            return;
        }
        Window current = window;
        if (!current.covers(position, length)) {
            if (length >= readAhead) {
                fetch(position, dst);
                return;
            }
            long start = Math.max(0, Math.min(position, size - readAhead));
            ByteBuffer bytes = ByteBuffer.allocate((int) Math.min(readAhead, size - start));
            fetch(start, bytes);
            current = new Window(start, bytes.array());
            window = current;
        }
        dst.put(current.bytes, (int) (position - current.start), length);
    }

    /** Fills {@code dst} from the object at {@code position} with one ranged GET. */
    private void fetch(long position, ByteBuffer dst) throws IOException {
        long last = position + dst.remaining() - 1;
        try (ResponseInputStream<GetObjectResponse> in = bucket.client().getObject(b -> b.bucket(bucket.name())
                .key(bucket.objectKey(key)).range("bytes=" + position + "-" + last).ifMatch(eTag))) {
            readInto(in, dst);
        } catch (SdkException e) {
            if (S3Bucket.hasStatus(e, 412)) {
                throw new ObjectStoreException(key, "'" + key + "' in " + bucket.where()
                        + " was replaced while being read (ETag " + eTag + " no longer matches)", e);
            }
            throw bucket.failure("ranged read at " + position + " of", key, e);
        } catch (IOException e) {
            throw bucket.failure("ranged read at " + position + " of", key, e);
        }
        if (dst.hasRemaining()) {
            throw new EOFException("'" + key + "' in " + bucket.where() + ": ranged read ended "
                    + dst.remaining() + " bytes early");
        }
    }

    private void readInto(InputStream in, ByteBuffer dst) throws IOException {
        byte[] transfer = dst.hasArray() ? null : new byte[Math.min(TRANSFER_BYTES, dst.remaining())];
        while (dst.hasRemaining()) {
            int n = transfer == null
                    ? in.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining())
                    : in.read(transfer, 0, Math.min(transfer.length, dst.remaining()));
            if (n < 0) {
                return; // the answer is shorter than asked for: the caller says so
            }
            if (transfer == null) {
                dst.position(dst.position() + n);
            } else {
                dst.put(transfer, 0, n);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        window = new Window(0, new byte[0]);
    }
}
