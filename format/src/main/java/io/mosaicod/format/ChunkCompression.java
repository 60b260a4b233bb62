package io.mosaicod.format;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Parquet page compression over zstd-jni and snappy-java, so parquet-java needs no Hadoop codecs
 * ({@code hadoop-client-runtime}). Native zstd contexts are kept one per thread: a context per file costs
 * seconds and hundreds of MB over a few thousand chunks. Decompression always returns a fresh buffer,
 * because parquet-java keeps page buffers alive while it decodes values from them.
 */
public final class ChunkCompression implements CompressionCodecFactory {

    private static final ThreadLocal<ZstdCompressCtx> ZSTD_COMPRESS = ThreadLocal.withInitial(ZstdCompressCtx::new);
    private static final ThreadLocal<ZstdDecompressCtx> ZSTD_DECOMPRESS =
            ThreadLocal.withInitial(ZstdDecompressCtx::new);

    /** Reading needs no level; every reader can share this one. */
    static final ChunkCompression FOR_READING = new ChunkCompression(3);

    private final int zstdLevel;

    /** A factory whose ZSTD compressors use {@code zstdLevel}. */
    public ChunkCompression(int zstdLevel) {
        this.zstdLevel = zstdLevel;
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return switch (codec) {
            case UNCOMPRESSED -> new Uncompressed();
            case ZSTD -> new ZstdCompressor(zstdLevel);
            case SNAPPY -> new SnappyCompressor();
            default -> throw new UnsupportedOperationException("chunk writers do not compress with " + codec);
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return switch (codec) {
            case UNCOMPRESSED -> new Uncompressed();
            case ZSTD -> new ZstdDecompressor();
            case SNAPPY -> new SnappyDecompressor();
            default -> throw new UnsupportedOperationException("chunks compressed with " + codec
                    + " are not supported (supported: UNCOMPRESSED, SNAPPY, ZSTD)");
        };
    }

    @Override
    public void release() {
    }

    private static final class Uncompressed implements BytesInputCompressor, BytesInputDecompressor {
        @Override
        public BytesInput compress(BytesInput bytes) {
            return bytes;
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.UNCOMPRESSED;
        }

        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) {
            return bytes;
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize) {
            ByteBuffer slice = input.duplicate();
            slice.limit(slice.position() + compressedSize);
            output.put(slice);
        }

        @Override
        public void release() {
        }
    }

    /**
     * Reuses its input and output buffers (pages are up to a few MB; allocating them per page costs GC time):
     * the page writer copies a compressed page before it compresses the next one.
     */
    private static final class ZstdCompressor implements BytesInputCompressor {
        private final int level;
        private final ReusableBuffer in = new ReusableBuffer();
        private byte[] out = new byte[0];

        ZstdCompressor(int level) {
            this.level = level;
        }

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            in.reset();
            bytes.writeAllTo(in);
            int bound = (int) Zstd.compressBound(in.size());
            if (out.length < bound) {
                out = new byte[bound];
            }
            ZstdCompressCtx ctx = ZSTD_COMPRESS.get();
            ctx.setLevel(level);
            int written = ctx.compressByteArray(out, 0, out.length, in.array(), 0, in.size());
            return BytesInput.from(out, 0, written);
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.ZSTD;
        }

        @Override
        public void release() {
        }
    }

    private static final class ZstdDecompressor implements BytesInputDecompressor {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            ByteBuffer in = bytes.toByteBuffer();
            byte[] out = new byte[uncompressedSize];
            int n;
            if (in.hasArray()) {
                n = ZSTD_DECOMPRESS.get().decompressByteArray(out, 0, out.length, in.array(),
                        in.arrayOffset() + in.position(), in.remaining());
            } else {
                byte[] copy = new byte[in.remaining()];
                in.duplicate().get(copy);
                n = ZSTD_DECOMPRESS.get().decompressByteArray(out, 0, out.length, copy, 0, copy.length);
            }
            checkSize(n, uncompressedSize, "ZSTD");
            return BytesInput.from(out);
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.duplicate().get(in);
            byte[] out = new byte[uncompressedSize];
            int n = ZSTD_DECOMPRESS.get().decompressByteArray(out, 0, out.length, in, 0, in.length);
            checkSize(n, uncompressedSize, "ZSTD");
            output.put(out);
        }

        @Override
        public void release() {
        }
    }

    private static final class SnappyCompressor implements BytesInputCompressor {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            return BytesInput.from(Snappy.compress(bytes.toByteArray()));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.SNAPPY;
        }

        @Override
        public void release() {
        }
    }

    private static final class SnappyDecompressor implements BytesInputDecompressor {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            byte[] in = bytes.toByteArray();
            byte[] out = new byte[uncompressedSize];
            int n = Snappy.uncompress(in, 0, in.length, out, 0);
            checkSize(n, uncompressedSize, "SNAPPY");
            return BytesInput.from(out);
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.duplicate().get(in);
            byte[] out = new byte[uncompressedSize];
            int n = Snappy.uncompress(in, 0, in.length, out, 0);
            checkSize(n, uncompressedSize, "SNAPPY");
            output.put(out);
        }

        @Override
        public void release() {
        }
    }

    /** A byte array output stream whose array can be read without a copy. */
    private static final class ReusableBuffer extends ByteArrayOutputStream {
        byte[] array() {
            return buf;
        }
    }

    private static void checkSize(int actual, int expected, String codec) throws IOException {
        if (actual != expected) {
            throw new IOException(codec + " page decompressed to " + actual + " bytes, header says " + expected);
        }
    }
}
