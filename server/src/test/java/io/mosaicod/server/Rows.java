package io.mosaicod.server;

import io.mosaicod.client.TopicReader;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Text;

/** Rows as plain comparable values, for asserting what a stream returned against what was sent. */
final class Rows {
    private Rows() {
    }

    static List<List<Object>> of(VectorSchemaRoot batch) {
        List<List<Object>> rows = new ArrayList<>(batch.getRowCount());
        for (int r = 0; r < batch.getRowCount(); r++) {
            List<Object> row = new ArrayList<>();
            for (FieldVector vector : batch.getFieldVectors()) {
                row.add(normalize(vector.getObject(r)));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Every row of the stream, in order. */
    static List<List<Object>> readAll(TopicReader reader) {
        List<List<Object>> rows = new ArrayList<>();
        while (reader.next()) {
            rows.addAll(of(reader.batch()));
        }
        return rows;
    }

    /** The timestamp (first column by convention of {@code timestamp_ns} position) of each row. */
    static List<Long> timestamps(List<List<Object>> rows, int column) {
        List<Long> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            out.add((Long) row.get(column));
        }
        return out;
    }

    static Object normalize(Object value) {
        if (value instanceof byte[] bytes) {
            return HexFormat.of().formatHex(bytes);
        }
        if (value instanceof Text text) {
            return text.toString();
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(element -> out.add(normalize(element)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(normalize(k), normalize(v)));
            return out;
        }
        return value;
    }
}
