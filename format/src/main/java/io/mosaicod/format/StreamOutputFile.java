package io.mosaicod.format;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * An {@link OutputStream} seen as a Parquet {@link OutputFile} that can be created once; counts the position.
 * It never closes the caller's stream.
 */
final class StreamOutputFile implements OutputFile {

    private final OutputStream out;
    private final String name;
    private CountingStream stream;

    StreamOutputFile(OutputStream out, String name) {
        this.out = out;
        this.name = name;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
        if (stream != null) {
            throw new IllegalStateException("chunk '" + name + "' is already being written");
        }
        stream = new CountingStream();
        return stream;
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
        return create(blockSizeHint);
    }

    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return 0;
    }

    @Override
    public String getPath() {
        return name;
    }

    /** Bytes written so far. */
    long position() {
        return stream == null ? 0 : stream.pos;
    }

    private final class CountingStream extends PositionOutputStream {
        private long pos;

        @Override
        public long getPos() {
            return pos;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            pos++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            pos += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        /** Flushes only: the stream belongs to the caller, who closes (or discards) it after the chunk. */
        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
