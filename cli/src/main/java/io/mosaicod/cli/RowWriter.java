package io.mosaicod.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.read.merge.TimeOrderedMerge;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;

/**
 * {@code topic cat}: prints rows as CSV (a header, then one line per row; nested values as JSON text, binary as
 * base64) or as JSON lines (one object per row). Stops with {@link LimitReached} after {@code limit} rows.
 */
final class RowWriter implements TimeOrderedMerge.BatchSink {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Thrown once the requested number of rows has been printed, to end the read early. */
    static final class LimitReached extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LimitReached() {
            super(null, null, false, false);
        }
    }

    private final List<String> names = new ArrayList<>();
    private final boolean json;
    private final PrintWriter out;
    private long remaining;

    RowWriter(Schema schema, boolean json, long limit, PrintWriter out) {
        for (Field field : schema.getFields()) {
            names.add(field.getName());
        }
        this.json = json;
        this.out = out;
        this.remaining = limit;
        if (!json) {
            List<String> header = new ArrayList<>();
            names.forEach(n -> header.add(csv(n)));
            out.println(String.join(",", header));
        }
    }

    @Override
    public void accept(VectorSchemaRoot batch) throws JsonProcessingException {
        List<FieldVector> vectors = batch.getFieldVectors();
        for (int r = 0; r < batch.getRowCount(); r++) {
            if (remaining-- <= 0) {
                throw new LimitReached();
            }
            if (json) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int c = 0; c < vectors.size(); c++) {
                    row.put(names.get(c), plain(vectors.get(c).getObject(r)));
                }
                out.println(JSON.writeValueAsString(row));
            } else {
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < vectors.size(); c++) {
                    if (c > 0) {
                        line.append(',');
                    }
                    line.append(cell(plain(vectors.get(c).getObject(r))));
                }
                out.println(line);
            }
        }
    }

    /** Arrow's Java values as plain JSON-able values. */
    static Object plain(Object value) {
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> plain = new LinkedHashMap<>();
            map.forEach((k, v) -> plain.put(String.valueOf(k), plain(v)));
            return plain;
        }
        if (value instanceof List<?> list) {
            List<Object> plain = new ArrayList<>(list.size());
            list.forEach(v -> plain.add(plain(v)));
            return plain;
        }
        if (value instanceof Text text) {
            return text.toString();
        }
        return value.toString(); // temporal values and the rest: their ISO-like text
    }

    private static String cell(Object value) throws JsonProcessingException {
        if (value == null) {
            return "";
        }
        return csv(value instanceof Map || value instanceof List ? JSON.writeValueAsString(value) : value.toString());
    }

    private static String csv(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
