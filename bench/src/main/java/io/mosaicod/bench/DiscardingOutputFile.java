package io.mosaicod.bench;

import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * An output that counts bytes and keeps none, so a benchmark measures encoding rather than this machine's
 * disk (which caps a 1 GB write at ~2.3 s, FACTS.md).
 */
final class DiscardingOutputFile implements OutputFile {

    private long bytes;

    long bytes() {
        return bytes;
    }

    PositionOutputStream stream() {
        return new PositionOutputStream() {
            private long pos;

            @Override
            public long getPos() {
                return pos;
            }

            @Override
            public void write(int b) {
                pos++;
                bytes++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                pos += len;
                bytes += len;
            }
        };
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
        return stream();
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
        return stream();
    }

    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return 0;
    }
}
