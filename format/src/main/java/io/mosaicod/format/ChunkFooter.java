package io.mosaicod.format;

import io.mosaicod.core.io.RandomAccessSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.statistics.LongStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * A chunk's footer, read without touching its data: row count, Arrow schema and per-row-group time ranges.
 * Planners read these for every chunk of a topic; readers can reuse one instead of reading it again.
 */
public final class ChunkFooter {

    /**
     * One row group.
     *
     * @param minTimestampNs null when the file has no {@code timestamp_ns} statistics for it
     */
    public record RowGroup(long rowCount, long compressedBytes, Long minTimestampNs, Long maxTimestampNs) {

        /** Whether rows of this group may fall in [{@code startNs}, {@code endNs}); unknown ranges may. */
        public boolean mayOverlap(long startNs, long endNs) {
            return minTimestampNs == null || (maxTimestampNs >= startNs && minTimestampNs < endNs);
        }
    }

    private final String chunkName;
    private final ParquetMetadata metadata;
    private final Schema schema;
    private final List<RowGroup> rowGroups;

    private ChunkFooter(String chunkName, ParquetMetadata metadata) throws ChunkFormatException {
        this.chunkName = chunkName;
        this.metadata = metadata;
        Map<String, String> keyValues = metadata.getFileMetaData().getKeyValueMetaData();
        String arrowSchema = keyValues.get(ArrowSchemaMetadata.KEY);
        this.schema = arrowSchema != null
                ? ArrowSchemaMetadata.decode(arrowSchema, chunkName)
                : ParquetSchemaMapping.toArrow(metadata.getFileMetaData().getSchema(), chunkName);
        List<RowGroup> groups = new ArrayList<>();
        for (BlockMetaData block : metadata.getBlocks()) {
            groups.add(rowGroup(block));
        }
        this.rowGroups = List.copyOf(groups);
    }

    /** Built once: a search opens thousands of chunks, and building the options looks up ~30 settings. */
    private static final ParquetReadOptions READ_OPTIONS = ParquetReadOptions.builder(new PlainParquetConfiguration())
            .withCodecFactory(ChunkCompression.FOR_READING)
            .withAllocator(PooledHeapAllocator.INSTANCE)
            .usePageChecksumVerification(true)
            .build();

    static ParquetReadOptions readOptions() {
        return READ_OPTIONS;
    }

    /** Reads the footer of the chunk {@code source} holds; the source stays open. */
    public static ChunkFooter read(RandomAccessSource source) throws IOException {
        try (ParquetFileReader reader = new ParquetFileReader(new SourceInputFile(source), readOptions())) {
            return new ChunkFooter(source.name(), reader.getFooter());
        } catch (IOException | RuntimeException | Error e) {
            throw ChunkFailures.translate(source.name(), "reading the footer", e);
        }
    }

    private static RowGroup rowGroup(BlockMetaData block) {
        Long min = null;
        Long max = null;
        for (ColumnChunkMetaData column : block.getColumns()) {
            if (column.getPath().size() == 1 && column.getPath().toArray()[0].equals(WriterProfile.TIMESTAMP_COLUMN)) {
                Statistics<?> stats = column.getStatistics();
                if (stats instanceof LongStatistics longs && !stats.isEmpty()) {
                    if (longs.hasNonNullValue()) {
                        min = longs.getMin();
                        max = longs.getMax();
                    } else if (stats.isNumNullsSet() && stats.getNumNulls() == block.getRowCount()) {
                        // only nulls: no row of this group lies in any time range
                        min = Long.MAX_VALUE;
                        max = Long.MIN_VALUE;
                    }
                }
            }
        }
        return new RowGroup(block.getRowCount(), block.getCompressedSize(), min, max);
    }

    public String chunkName() {
        return chunkName;
    }

    public long rowCount() {
        long rows = 0;
        for (RowGroup g : rowGroups) {
            rows += g.rowCount();
        }
        return rows;
    }

    /** The Arrow schema: {@code ARROW:schema} when present, else derived from the Parquet schema. */
    public Schema schema() {
        return schema;
    }

    public List<RowGroup> rowGroups() {
        return rowGroups;
    }

    ParquetMetadata parquetMetadata() {
        return metadata;
    }
}
