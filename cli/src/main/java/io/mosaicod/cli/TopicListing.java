package io.mosaicod.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mosaicod.db.TopicSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code topic ls}: one line per topic with its chunks, size, rows and state, printed as the repository hands the
 * topics over, so a listing of a million topics holds none of them.
 */
abstract class TopicListing implements Consumer<TopicSummary> {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Prints what is still held back, and the end of the listing. */
    abstract void finish() throws IOException;

    /** As a table, columns aligned as {@link StreamedTable} aligns them. */
    static TopicListing table(PrintWriter out) {
        StreamedTable table = new StreamedTable(out, "TOPIC", "CHUNKS", "SIZE", "ROWS", "UPLOAD", "OPTIMIZATION");
        return new TopicListing() {
            @Override
            public void accept(TopicSummary s) {
                table.add(s.topic().locator(), Integer.toString(s.chunks()), bytes(s.bytes()), Long.toString(s.rows()),
                        s.uploadState().label(), s.optimizationState().label());
            }

            @Override
            void finish() {
                table.finish();
            }
        };
    }

    /** As one JSON array of objects, the form {@code --json} always printed, written element by element. */
    static TopicListing json(PrintWriter out) throws IOException {
        JsonGenerator generator = JSON.getFactory().createGenerator(out)
                .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).useDefaultPrettyPrinter();
        generator.writeStartArray();
        return new TopicListing() {
            @Override
            public void accept(TopicSummary s) {
                try {
                    JSON.writeValue(generator, asMap(s));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            void finish() throws IOException {
                generator.writeEndArray();
                generator.close();
                out.println();
            }
        };
    }

    private static Map<String, Object> asMap(TopicSummary s) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("locator", s.topic().locator());
        map.put("chunks", s.chunks());
        map.put("bytes", s.bytes());
        map.put("rows", s.rows());
        map.put("upload", s.uploadState().label());
        map.put("optimization", s.optimizationState().label());
        return map;
    }

    /** {@code 812 B}, {@code 4.2 MB}, {@code 1.07 GB} (decimal units, as disks are sold). */
    static String bytes(long bytes) {
        if (bytes < 1000) {
            return bytes + " B";
        }
        String[] units = {"kB", "MB", "GB", "TB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1000 && unit < units.length - 1) {
            value /= 1000;
            unit++;
        }
        // rounded as String.format("%.2f") rounds, without its cost per call: a listing formats a size per topic
        int decimals = value < 10 ? 2 : value < 100 ? 1 : 0;
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).toPlainString() + " " + units[unit];
    }
}
