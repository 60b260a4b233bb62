package io.mosaicod.format;

import java.util.Locale;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Parquet writer settings chosen by a topic's serialization format (PROTOCOL.md §6).
 * <ul>
 *   <li>{@link #DEFAULT}: uncompressed, parquet-java's defaults (dictionary, statistics).</li>
 *   <li>{@link #RAGGED}, {@link #IMAGE}: ZSTD level 5, no dictionary, no statistics on data columns;
 *       {@code timestamp_ns} uncompressed and with statistics, so readers prune row groups by time.</li>
 * </ul>
 */
public enum WriterProfile {
    DEFAULT(CompressionCodecName.UNCOMPRESSED, true, true),
    RAGGED(CompressionCodecName.ZSTD, false, false),
    IMAGE(CompressionCodecName.ZSTD, false, false);

    /** The column every topic has; it keeps statistics and stays uncompressed in every profile. */
    public static final String TIMESTAMP_COLUMN = "timestamp_ns";
    /** ZSTD level of the ragged and image profiles (PROTOCOL.md §6). */
    public static final int ZSTD_LEVEL = 5;

    private final CompressionCodecName dataCodec;
    private final boolean dictionary;
    private final boolean dataStatistics;

    WriterProfile(CompressionCodecName dataCodec, boolean dictionary, boolean dataStatistics) {
        this.dataCodec = dataCodec;
        this.dictionary = dictionary;
        this.dataStatistics = dataStatistics;
    }

    /** The profile of a serialization format name as the protocol spells it: default, ragged, image. */
    public static WriterProfile forSerializationFormat(String format) {
        for (WriterProfile p : values()) {
            if (p.name().toLowerCase(Locale.ROOT).equals(format)) {
                return p;
            }
        }
        throw new IllegalArgumentException("serialization format '" + format
                + "' is not one of: default, ragged, image");
    }

    /** Whether columns may be dictionary-encoded (only then do they need parquet-java's value writers). */
    boolean usesDictionary() {
        return dictionary;
    }

    CompressionCodecName codecFor(String topLevelColumn) {
        return TIMESTAMP_COLUMN.equals(topLevelColumn) ? CompressionCodecName.UNCOMPRESSED : dataCodec;
    }

    ParquetProperties properties(boolean hasTimestampColumn) {
        ParquetProperties.Builder b = ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
                .withDictionaryEncoding(dictionary)
                .withStatisticsEnabled(dataStatistics);
        if (hasTimestampColumn) {
            b.withStatisticsEnabled(TIMESTAMP_COLUMN, true);
        }
        return b.build();
    }
}
