package io.mosaicod.format;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A {@link RandomAccessSource} seen as a Parquet {@link InputFile}. Bulk reads go straight to the source
 * (one positioned read per footer or column chunk); single-byte reads, which parquet-java issues while
 * parsing Thrift headers of copied row groups, are served from a small read-ahead buffer.
 */
final class SourceInputFile implements InputFile {

    private final RandomAccessSource source;
    private final long length;

    SourceInputFile(RandomAccessSource source) throws IOException {
        this.source = source;
        this.length = source.size();
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public SeekableInputStream newStream() {
        return new Stream();
    }

    /**
     * Reads from the source, marking its failures so the reader can tell an unreachable object (rethrown as
     * is) from a malformed one (a {@link ChunkFormatException}).
     */
    private void readSource(long position, ByteBuffer dst) throws IOException {
        try {
            source.readFully(position, dst);
        } catch (IOException e) {
            throw new SourceReadException(e);
        }
    }

    /** An I/O failure of the source itself, as opposed to a malformed file. */
    static final class SourceReadException extends IOException {
        SourceReadException(IOException cause) {
            super(cause);
        }

        IOException sourceFailure() {
            return (IOException) getCause();
        }
    }

    @Override
    public String toString() {
        return source.name();
    }

    private final class Stream extends SeekableInputStream {
        private static final int READ_AHEAD = 8192;
        private long pos;
        /** Allocated on the first single-byte read: most streams only read footers and whole column chunks. */
        private ByteBuffer ahead;
        private long aheadStart;

        @Override
        public long getPos() {
            return pos;
        }

        @Override
        public void seek(long newPos) throws IOException {
            if (newPos < 0 || newPos > length) {
                throw new EOFException("seek to " + newPos + " outside " + source.name() + " (" + length + " bytes)");
            }
            pos = newPos;
        }

        @Override
        public int read() throws IOException {
            if (pos >= length) {
                return -1;
            }
            if (ahead == null) {
                ahead = ByteBuffer.allocate(READ_AHEAD).limit(0);
            }
            if (pos < aheadStart || pos >= aheadStart + ahead.limit()) {
                aheadStart = pos;
                ahead.clear().limit((int) Math.min(READ_AHEAD, length - pos));
                readSource(pos, ahead);
                ahead.flip();
            }
            return ahead.get((int) (pos++ - aheadStart)) & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (pos >= length) {
                return -1;
            }
            int n = (int) Math.min(len, length - pos);
            readFully(b, off, n);
            return n;
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
            readFully(bytes, 0, bytes.length);
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
            readFully(ByteBuffer.wrap(bytes, start, len));
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
            if (!buf.hasRemaining()) {
                return 0;
            }
            if (pos >= length) {
                return -1;
            }
            int n = (int) Math.min(buf.remaining(), length - pos);
            ByteBuffer part = buf.duplicate();
            part.limit(part.position() + n);
            readFully(part);
            buf.position(buf.position() + n);
            return n;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
            int n = buf.remaining();
            if (pos + n > length) {
                throw new EOFException("read of " + n + " bytes at " + pos + " past the end of " + source.name()
                        + " (" + length + " bytes)");
            }
            readSource(pos, buf);
            pos += n;
        }

        @Override
        public long skip(long n) {
            long skipped = Math.max(0, Math.min(n, length - pos));
            pos += skipped;
            return skipped;
        }
    }
}
