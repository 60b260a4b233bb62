package io.mosaicod.bench;

import io.mosaicod.core.io.FileTrees;
import io.mosaicod.format.ChunkCompression;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.store.LocalFileSource;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * The chunk codec's throughput on a ~1 GB topic of 2,000 chunks (int64 {@code timestamp_ns}, 10 float64, a
 * utf8, a 1–4 KB binary; ZSTD via the {@code ragged} profile): decode-all, encode-all, and a decode→encode
 * rewrite into ~256 MiB outputs, compared in the same JVM with parquet-java's {@code Group} API (example
 * object model) doing the same rewrite with the same codec and writer settings. Inputs are read from files
 * (page cache); encoded outputs go to a discarding sink so the figures measure the codec, not the disk.
 * See docs/benchmarks.md for how to run it.
 *
 * <p>Arguments: {@code [dir] [chunks] [rounds]} (defaults: /tmp/mosaicod-codec-bench, 2000, 2).
 */
public final class CodecBenchmark {

    private static final long OUTPUT_CAP = 256L << 20;
    private static final int ROWS_PER_CHUNK = 200;

    private final Path dir;
    private final int chunks;
    private final BufferAllocator allocator = new RootAllocator();
    private final Schema schema;
    /** What each input chunk was written with, as the repository would have recorded it. */
    private final List<ChunkSummary> summaries = new ArrayList<>();

    private CodecBenchmark(Path dir, int chunks) {
        this.dir = dir;
        this.chunks = chunks;
        this.schema = SensorBatch.SCHEMA;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "/tmp/mosaicod-codec-bench");
        int chunks = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        new CodecBenchmark(dir, chunks).run(rounds);
    }

    private void run(int rounds) throws IOException {
        FileTrees.delete(dir);
        Path input = Files.createDirectories(dir.resolve("input"));
        System.out.printf("codec benchmark: %d chunks of %d rows into %s, %d cores, java %s%n", chunks,
                ROWS_PER_CHUNK, dir, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));

        long[] generated = generate(input);
        long inputBytes = generated[0];
        report("generate (Arrow -> Parquet files on disk)", inputBytes, generated[1], "; Arrow bytes "
                + mb(generated[2]) + ", Parquet " + mb(inputBytes));
        Best decode = new Best();
        Best encode = new Best();
        Best group = new Best();
        Best codec = new Best();
        Best copy = new Best();
        for (int r = 0; r < rounds; r++) {
            long cpu = processCpuNanos();
            long[] decoded = decodeAll(input);
            decode.add(decoded[0], processCpuNanos() - cpu);
            report("decode-all round " + (r + 1) + " (Parquet -> Arrow)", inputBytes, decoded[0], "; rows " + decoded[1]);
        }
        for (int r = 0; r < rounds; r++) {
            long cpu = processCpuNanos();
            long encoded = encodeAll(input);
            encode.add(encoded, processCpuNanos() - cpu);
            report("encode-all round " + (r + 1) + " (Arrow -> Parquet)", inputBytes, encoded, "");
        }
        for (int r = 0; r < rounds; r++) {
            long groupCpu = processCpuNanos();
            long groupWall = rewriteWithGroups(input);
            groupCpu = processCpuNanos() - groupCpu;
            group.add(groupWall, groupCpu);
            report("rewrite round " + (r + 1) + " parquet-java Group API", inputBytes, groupWall,
                    String.format("; process CPU %.2f s", groupCpu / 1e9));
            long oursCpu = processCpuNanos();
            long ours = rewriteWithCodec(input);
            oursCpu = processCpuNanos() - oursCpu;
            codec.add(ours, oursCpu);
            report("rewrite round " + (r + 1) + " chunk codec", inputBytes, ours,
                    String.format("; process CPU %.2f s; %.2fx the Group API by wall time, %.2fx by CPU time",
                            oursCpu / 1e9, (double) groupWall / ours, (double) groupCpu / oursCpu));
            long copyCpu = processCpuNanos();
            long copied = copyRowGroups(input);
            copyCpu = processCpuNanos() - copyCpu;
            copy.add(copied, copyCpu);
            report("rewrite round " + (r + 1) + " row-group copy (no decoding)", inputBytes, copied,
                    String.format("; process CPU %.2f s; %.2fx the chunk codec by wall time", copyCpu / 1e9,
                            (double) ours / copied));
        }
        System.out.printf("%nbest of %d rounds (wall s / process CPU s / MB/s by wall):%n", rounds);
        decode.print("decode-all", inputBytes);
        encode.print("encode-all", inputBytes);
        group.print("rewrite, parquet-java Group API", inputBytes);
        codec.print("rewrite, chunk codec", inputBytes);
        copy.print("rewrite, row-group copy", inputBytes);
        System.out.printf("chunk codec vs Group API: %.2fx by wall time, %.2fx by CPU time%n",
                (double) group.wall / codec.wall, (double) group.cpu / codec.cpu);
        allocator.close();
        FileTrees.delete(dir);
    }

    /** The fastest round of a measurement: on a shared machine, slower rounds measure the neighbours. */
    private static final class Best {
        long wall = Long.MAX_VALUE;
        long cpu = Long.MAX_VALUE;

        void add(long wallNanos, long cpuNanos) {
            wall = Math.min(wall, wallNanos);
            cpu = Math.min(cpu, cpuNanos);
        }

        void print(String what, long bytes) {
            System.out.printf("  %-34s %6.2f s  %6.2f s  %8.1f MB/s%n", what, wall / 1e9, cpu / 1e9,
                    bytes / 1e6 / (wall / 1e9));
        }
    }

    /** CPU time of the whole JVM (GC and JIT threads included), which other processes on the machine do not inflate. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void report(String what, long bytes, long nanos, String extra) {
        System.out.printf("%-50s %8.2f s  %8.1f MB/s%s%n", what, nanos / 1e9, bytes / 1e6 / (nanos / 1e9), extra);
    }

    private static String mb(long bytes) {
        return String.format("%.1f MB", bytes / 1e6);
    }

    private static Path chunkPath(Path folder, int i) {
        return folder.resolve(String.format("%05d.parquet", i));
    }

    /** Generates each chunk's batch (untimed), then times writing it; returns {file bytes, nanos, Arrow bytes}. */
    private long[] generate(Path input) throws IOException {
        Random rnd = new Random(1);
        long nanos = 0;
        long bytes = 0;
        long arrowBytes = 0;
        long t = 0;
        for (int c = 0; c < chunks; c++) {
            try (VectorSchemaRoot batch = batch(rnd, t)) {
                t += ROWS_PER_CHUNK * 1_000_000L;
                long start = System.nanoTime();
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(chunkPath(input, c)), 1 << 16);
                     ChunkWriter writer = ChunkWriter.open(out, chunkPath(input, c).toString(), schema,
                             WriterProfile.RAGGED)) {
                    writer.write(batch);
                    ChunkSummary summary = writer.finish();
                    summaries.add(summary);
                    bytes += summary.sizeBytes();
                    arrowBytes += summary.arrowSizeBytes();
                }
                nanos += System.nanoTime() - start;
            }
        }
        return new long[] {bytes, nanos, arrowBytes};
    }

    /** One chunk's rows, 1 ms apart with up to 0.5 ms of jitter, so consecutive chunks do not overlap. */
    private VectorSchemaRoot batch(Random rnd, long firstTimestamp) {
        long[] stamps = new long[ROWS_PER_CHUNK];
        for (int i = 0; i < ROWS_PER_CHUNK; i++) {
            stamps[i] = firstTimestamp + i * 1_000_000L + rnd.nextInt(500_000);
        }
        return SensorBatch.create(allocator, rnd, stamps);
    }

    /** Decodes each chunk (untimed) and times encoding its batches into a discarding sink; returns nanos. */
    private long encodeAll(Path input) throws IOException {
        long nanos = 0;
        for (int c = 0; c < chunks; c++) {
            try (LocalFileSource source = LocalFileSource.open(chunkPath(input, c));
                 ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all().withBatchRows(1 << 20))) {
                reader.loadNextBatch();
                long start = System.nanoTime();
                try (ChunkWriter writer = ChunkWriter.open(OutputStream.nullOutputStream(), "encoded", reader.schema(),
                        WriterProfile.RAGGED)) {
                    writer.write(reader.root());
                    writer.finish();
                }
                nanos += System.nanoTime() - start;
            }
        }
        return nanos;
    }

    /** Returns {nanos, rows}. */
    private long[] decodeAll(Path input) throws IOException {
        long rows = 0;
        long start = System.nanoTime();
        for (int c = 0; c < chunks; c++) {
            try (LocalFileSource source = LocalFileSource.open(chunkPath(input, c));
                 ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all())) {
                while (reader.loadNextBatch()) {
                    rows += reader.root().getRowCount();
                }
            }
        }
        return new long[] {System.nanoTime() - start, rows};
    }

    /** Decodes every chunk and re-encodes its batches into outputs of about {@link #OUTPUT_CAP} bytes. */
    private long rewriteWithCodec(Path input) throws IOException {
        long start = System.nanoTime();
        OutputStream out = null;
        ChunkWriter writer = null;
        for (int c = 0; c < chunks; c++) {
            try (LocalFileSource source = LocalFileSource.open(chunkPath(input, c));
                 ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all())) {
                while (reader.loadNextBatch()) {
                    if (writer == null) {
                        out = OutputStream.nullOutputStream();
                        writer = ChunkWriter.open(out, "out", reader.schema(), WriterProfile.RAGGED);
                    }
                    writer.write(reader.root());
                    if (writer.encodedSizeBytes() >= OUTPUT_CAP) {
                        writer.finish();
                        out.close();
                        writer = null;
                    }
                }
            }
        }
        if (writer != null) {
            writer.finish();
            out.close();
        }
        return System.nanoTime() - start;
    }

    /** The same rewrite copying each chunk's row groups without decoding them (the chunks keep their sizes). */
    private long copyRowGroups(Path input) throws IOException {
        long start = System.nanoTime();
        ChunkWriter writer = null;
        for (int c = 0; c < chunks; c++) {
            try (LocalFileSource source = LocalFileSource.open(chunkPath(input, c))) {
                ChunkFooter footer = ChunkFooter.read(source);
                if (writer == null) {
                    writer = ChunkWriter.open(OutputStream.nullOutputStream(), "copied", footer.schema(),
                            WriterProfile.RAGGED);
                }
                writer.appendRowGroups(source, footer, summaries.get(c));
                if (writer.encodedSizeBytes() >= OUTPUT_CAP) {
                    writer.finish();
                    writer = null;
                }
            }
        }
        if (writer != null) {
            writer.finish();
        }
        return System.nanoTime() - start;
    }

    /** The same rewrite through parquet-java's example object model: one {@link Group} per row. */
    private long rewriteWithGroups(Path input) throws IOException {
        long start = System.nanoTime();
        ChunkCompression compression = new ChunkCompression(WriterProfile.ZSTD_LEVEL);
        MessageType parquetSchema;
        try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(chunkPath(input, 0)),
                ParquetReadOptions.builder(new PlainParquetConfiguration()).withCodecFactory(compression).build())) {
            parquetSchema = footer.getFileMetaData().getSchema();
        }
        ParquetWriter<Group> writer = null;
        for (int c = 0; c < chunks; c++) {
            try (ParquetReader<Group> reader = new GroupReaderBuilder(new LocalInputFile(chunkPath(input, c)))
                    .withCodecFactory(compression).build()) {
                for (Group g = reader.read(); g != null; g = reader.read()) {
                    if (writer == null) {
                        writer = ExampleParquetWriter.builder(new DiscardingOutputFile())
                                .withConf(new PlainParquetConfiguration())
                                .withType(parquetSchema)
                                .withCodecFactory(compression)
                                .withCompressionCodec(CompressionCodecName.ZSTD)
                                .withCompressionCodec("timestamp_ns", CompressionCodecName.UNCOMPRESSED)
                                .withDictionaryEncoding(false)
                                .withStatisticsEnabled(false)
                                .withStatisticsEnabled("timestamp_ns", true)
                                .build();
                    }
                    writer.write(g);
                    if (writer.getDataSize() >= OUTPUT_CAP) {
                        writer.close();
                        writer = null;
                    }
                }
            }
        }
        if (writer != null) {
            writer.close();
        }
        return System.nanoTime() - start;
    }

    private static final class GroupReaderBuilder extends ParquetReader.Builder<Group> {
        GroupReaderBuilder(InputFile file) {
            super(file, new PlainParquetConfiguration());
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }
}
