package io.mosaicod.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The general-purpose engine the optimizer is measured against: DuckDB's {@code COPY (SELECT * FROM
 * read_parquet([...]) ORDER BY timestamp_ns) TO ... (FORMAT parquet, FILE_SIZE_BYTES ..., COMPRESSION zstd)}
 * over the same chunk files. Run in its own JVM by the benchmark.
 *
 * <p>Arguments: threads, memory limit (e.g. {@code 1GB}), row-group rows, file size bytes, output folder,
 * file listing the input chunks one per line.
 */
public final class DuckDbSort {
    private DuckDbSort() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        String memoryLimit = args[1];
        long rowGroupRows = Long.parseLong(args[2]);
        long fileSizeBytes = Long.parseLong(args[3]);
        Path out = Path.of(args[4]);
        List<String> inputs = Files.readAllLines(Path.of(args[5]));
        String files = inputs.stream().map(f -> "'" + f + "'").collect(Collectors.joining(", ", "[", "]"));
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
             Statement statement = duck.createStatement()) {
            statement.execute("SET threads=" + threads);
            statement.execute("SET memory_limit='" + memoryLimit + "'");
            statement.execute("SET temp_directory='" + out.resolveSibling(out.getFileName() + ".tmp") + "'");
            statement.execute("COPY (SELECT * FROM read_parquet(" + files + ") ORDER BY timestamp_ns) TO '" + out
                    + "' (FORMAT parquet, COMPRESSION zstd, FILE_SIZE_BYTES " + fileSizeBytes + ", ROW_GROUP_SIZE "
                    + rowGroupRows + ")");
        }
    }
}
