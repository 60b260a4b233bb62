package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** ZSTD pages: compressible data shrinks, random data is framed raw, and any ZSTD decoder reads both. */
@Tag("fast")
class ChunkCompressionTest {

    private final ChunkCompression codecs = new ChunkCompression(WriterProfile.ZSTD_LEVEL);

    private byte[] roundTrip(byte[] page) throws IOException {
        BytesInputCompressor compressor = codecs.getCompressor(CompressionCodecName.ZSTD);
        byte[] compressed = compressor.compress(BytesInput.from(page)).toByteArray();
        // libzstd itself (not our decompressor) must accept the frame
        assertThat(Zstd.decompress(compressed, page.length)).isEqualTo(page);
        BytesInputDecompressor decompressor = codecs.getDecompressor(CompressionCodecName.ZSTD);
        assertThat(decompressor.decompress(BytesInput.from(compressed), page.length).toByteArray()).isEqualTo(page);
        return compressed;
    }

    @Test
    void randomPagesAreStoredAsRawZstdBlocksThatEveryDecoderReads() throws IOException {
        Random rnd = new Random(3);
        for (int size : new int[] {0, 1, 5000, 128 << 10, (128 << 10) + 1, 1 << 20, 3_000_001}) {
            byte[] page = new byte[size];
            rnd.nextBytes(page);
            byte[] compressed = roundTrip(page);
            assertThat(compressed.length).isLessThanOrEqualTo(RawZstdFrame.maxSize(size));
        }
    }

    @Test
    void compressiblePagesAreCompressed() throws IOException {
        byte[] page = new byte[1 << 20];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i % 7);
        }
        assertThat(roundTrip(page).length).isLessThan(page.length / 50);
        byte[] mostlyZeros = new byte[100_000];
        Arrays.fill(mostlyZeros, 50_000, 50_010, (byte) 9);
        assertThat(roundTrip(mostlyZeros).length).isLessThan(1000);
    }
}
