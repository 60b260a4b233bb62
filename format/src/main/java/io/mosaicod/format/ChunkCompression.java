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

    /** Per thread: a context for the profile level and one for trials, so neither is re-initialized per page. */
    private static final ThreadLocal<LevelledContext> ZSTD_COMPRESS = ThreadLocal.withInitial(LevelledContext::new);
    private static final ThreadLocal<ZstdCompressCtx> ZSTD_TRIAL =
            ThreadLocal.withInitial(() -> new ZstdCompressCtx().setLevel(1));
    private static final ThreadLocal<ZstdDecompressCtx> ZSTD_DECOMPRESS =
            ThreadLocal.withInitial(ZstdDecompressCtx::new);

    /** Reading needs no level; every reader can share this one. */
    static final ChunkCompression FOR_READING = new ChunkCompression(3);

    /** Bytes of a page tried at ZSTD level 1 to decide whether it is worth compressing. */
    private static final int SAMPLE_BYTES = 32 << 10;
    /** Pages smaller than this are always compressed: the trial would cost as much as the work. */
    private static final int MIN_SAMPLE_BYTES = 4 << 10;
    /**
     * The least a page's sample must shrink by to be compressed: noisy sensor values (float64 readings, point
     * coordinates) hardly shrink, for as much CPU as the rest of their rewrite (docs/benchmarks.md, *Nested
     * data*).
     */
    private static final double MIN_SAVING = 0.10;

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
            case ZSTD, SNAPPY -> new PageDecompressor(codec);
            default -> throw new UnsupportedOperationException("chunks compressed with " + codec
                    + " are not supported (supported: UNCOMPRESSED, SNAPPY, ZSTD)");
        };
    }

    @Override
    public void release() {
    }

    /** The most bytes {@link #compressInto} writes for {@code len} input bytes. */
    static int maxCompressedLength(CompressionCodecName codec, int len) {
        return switch (codec) {
            case UNCOMPRESSED -> len;
            case ZSTD -> (int) Math.max(Zstd.compressBound(len), RawZstdFrame.maxSize(len));
            case SNAPPY -> Snappy.maxCompressedLength(len);
            default -> throw new UnsupportedOperationException("chunk writers do not compress with " + codec);
        };
    }

    /**
     * Compresses {@code src[off, off + len)} with {@code codec} into {@code dst} at {@code at}, which has room
     * for {@link #maxCompressedLength}; returns the compressed size.
     */
    int compressInto(CompressionCodecName codec, byte[] src, int off, int len, byte[] dst, int at) throws IOException {
        return switch (codec) {
            case UNCOMPRESSED -> {
                System.arraycopy(src, off, dst, at, len);
                yield len;
            }
            case ZSTD -> compressZstd(src, off, len, dst, at, zstdLevel);
            case SNAPPY -> Snappy.compress(src, off, len, dst, at);
            default -> throw new UnsupportedOperationException("chunk writers do not compress with " + codec);
        };
    }

    /** Decompresses one page into {@code dst[0, uncompressedSize)}, which the caller reuses across pages. */
    static void decompressInto(CompressionCodecName codec, byte[] src, int off, int len, byte[] dst,
                               int uncompressedSize) throws IOException {
        int n = switch (codec) {
            case UNCOMPRESSED -> {
                System.arraycopy(src, off, dst, 0, len);
                yield len;
            }
            case ZSTD -> ZSTD_DECOMPRESS.get().decompressByteArray(dst, 0, uncompressedSize, src, off, len);
            case SNAPPY -> Snappy.uncompress(src, off, len, dst, 0);
            default -> throw new IOException("pages compressed with " + codec + " are not supported");
        };
        checkSize(n, uncompressedSize, codec.name());
    }

    /** See {@link ZstdCompressor} for why some pages are framed raw. */
    private static int compressZstd(byte[] src, int off, int len, byte[] dst, int at, int level) {
        if (!worthCompressing(ZSTD_TRIAL.get(), src, off, len, dst, at)) {
            return RawZstdFrame.write(src, off, len, dst, at);
        }
        return ZSTD_COMPRESS.get().at(level).compressByteArray(dst, at, dst.length - at, src, off, len);
    }

    /** A compression context whose level changes only when a different level is asked for. */
    private static final class LevelledContext {
        private final ZstdCompressCtx ctx = new ZstdCompressCtx();
        private int level = Integer.MIN_VALUE;

        ZstdCompressCtx at(int wanted) {
            if (wanted != level) {
                ctx.setLevel(wanted);
                level = wanted;
            }
            return ctx;
        }
    }

    /** A level-1 trial on a sample: does this page shrink enough? The trial output is overwritten. */
    private static boolean worthCompressing(ZstdCompressCtx ctx, byte[] src, int off, int len, byte[] scratch,
                                            int scratchOff) {
        int sample = Math.min(len, SAMPLE_BYTES);
        if (sample < MIN_SAMPLE_BYTES) {
            return true;
        }
        int compressed = ctx.compressByteArray(scratch, scratchOff, scratch.length - scratchOff, src, off, sample);
        return compressed < sample * (1 - MIN_SAVING);
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
     * ZSTD at the profile's level, except for pages that do not compress: if a level-1 trial on the page's
     * first {@link #SAMPLE_BYTES} saves less than {@link #MIN_SAVING}, the page is stored as a ZSTD frame of raw blocks, which
     * every ZSTD decoder reads and which level 5 would have produced at the same size after spending most
     * of a rewrite's CPU time on it (random binary payloads, the common case for images and blobs).
     * Buffers are reused across pages of this thread: the page writer copies a compressed page away before
     * it compresses the next one, and pages are large enough that allocating them per page costs GC time.
     */
    private static final class ZstdCompressor implements BytesInputCompressor {
        private static final ThreadLocal<ReusableBuffer> INPUT = ThreadLocal.withInitial(ReusableBuffer::new);
        private static final ThreadLocal<GrowableBytes> OUTPUT = ThreadLocal.withInitial(() -> new GrowableBytes(0));
        private final int level;

        ZstdCompressor(int level) {
            this.level = level;
        }

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            ReusableBuffer in = INPUT.get();
            in.reset();
            bytes.writeAllTo(in);
            GrowableBytes out = OUTPUT.get();
            out.reset();
            out.ensure(maxCompressedLength(CompressionCodecName.ZSTD, in.size()));
            int written = compressZstd(in.array(), 0, in.size(), out.array(), 0, level);
            return BytesInput.from(out.array(), 0, written);
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.ZSTD;
        }

        @Override
        public void release() {
        }
    }

    /**
     * Decompresses into a fresh array each time: parquet-java keeps decoded pages (dictionaries above all)
     * alive while it reads values from them. The compressed input goes through a per-thread buffer.
     */
    private static final class PageDecompressor implements BytesInputDecompressor {
        private static final ThreadLocal<ReusableBuffer> INPUT = ThreadLocal.withInitial(ReusableBuffer::new);
        private final CompressionCodecName codec;

        PageDecompressor(CompressionCodecName codec) {
            this.codec = codec;
        }

        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            ReusableBuffer in = INPUT.get();
            in.reset();
            bytes.writeAllTo(in);
            byte[] out = new byte[uncompressedSize];
            decompressInto(codec, in.array(), 0, in.size(), out, uncompressedSize);
            return BytesInput.from(out);
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.duplicate().get(in);
            byte[] out = new byte[uncompressedSize];
            decompressInto(codec, in, 0, in.length, out, uncompressedSize);
            output.put(out);
        }

        @Override
        public void release() {
        }
    }

    private static final class SnappyCompressor implements BytesInputCompressor {
        private static final ThreadLocal<ReusableBuffer> INPUT = ThreadLocal.withInitial(ReusableBuffer::new);

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            ReusableBuffer in = INPUT.get();
            in.reset();
            bytes.writeAllTo(in);
            byte[] out = new byte[Snappy.maxCompressedLength(in.size())];
            int written = Snappy.compress(in.array(), 0, in.size(), out, 0);
            return BytesInput.from(out, 0, written);
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.SNAPPY;
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
