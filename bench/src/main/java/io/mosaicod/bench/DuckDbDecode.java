package io.mosaicod.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * DuckDB decoding every column of a topic's chunk files into memory, the reference a full DoGet read is
 * compared with. A plain {@code SELECT *} would have to be fetched through JDBC (row by row, into Java
 * objects: that measures the driver) and {@code count(*)} decodes nothing (DuckDB prunes unused columns), so
 * the query folds every column into an aggregate that must see each value:
 * {@code SELECT count(*), max(hash(COLUMNS(*))) FROM read_parquet([...])}. {@code COLUMNS(*)} expands to one
 * {@code max(hash(column))} per top-level column, and {@code hash} of a list, struct or map walks every
 * element and field, so nested columns are decoded down to their leaves; hashing costs a few instructions a
 * value (and reads each blob's bytes once). Run in its own JVM by the benchmark; prints the query's own time.
 *
 * <p>Arguments: threads, memory limit (e.g. {@code 2GB}), file listing the input chunks one per line.
 */
public final class DuckDbDecode {
    static final String QUERY = "SELECT count(*), max(hash(COLUMNS(*))) FROM read_parquet(%s)";

    private DuckDbDecode() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        String memoryLimit = args[1];
        List<String> inputs = Files.readAllLines(Path.of(args[2]));
        String files = inputs.stream().map(f -> "'" + f + "'").collect(Collectors.joining(", ", "[", "]"));
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
             Statement statement = duck.createStatement()) {
            statement.execute("SET threads=" + threads);
            statement.execute("SET memory_limit='" + memoryLimit + "'");
            long started = System.nanoTime();
            try (ResultSet result = statement.executeQuery(String.format(QUERY, files))) {
                result.next();
                long rows = result.getLong(1);
                double seconds = (System.nanoTime() - started) / 1e9;
                System.out.println("rows " + rows + " query_seconds " + seconds);
            }
        }
    }
}
