package io.mosaicod.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run's results as they come in, written as {@code <out>.md} (one section per scenario, in run order)
 * and {@code <out>.json} (one key per scenario), so one run of the harness backs every quoted figure.
 */
final class BenchReport {
    private final StringBuilder markdown = new StringBuilder();
    private final Map<String, Object> json = new LinkedHashMap<>();
    private final Path out;

    BenchReport(Path out) {
        this.out = out;
    }

    /** The file {@code <out><suffix>} beside the markdown and JSON, e.g. a chart. */
    Path sibling(String suffix) {
        return Path.of(out + suffix);
    }

    void put(String key, Object value) {
        json.put(key, value);
    }

    /** Adds a scenario's markdown under {@code title} and its data under {@code key}; rewrites both files. */
    void add(String key, String title, String text, Object data) throws IOException {
        markdown.append("### ").append(title).append("\n\n").append(text).append('\n');
        json.put(key, data);
        System.out.println();
        System.out.println(text);
        write();
    }

    /** A section whose data is already in the JSON under other keys; rewrites both files. */
    void addSection(String title, String text) throws IOException {
        markdown.append("### ").append(title).append("\n\n").append(text).append('\n');
        System.out.println();
        System.out.println(text);
        write();
    }

    void addText(String text) {
        markdown.append(text).append('\n');
    }

    /** Written after every scenario, so a run stopped half-way keeps what it measured. */
    void write() throws IOException {
        Path md = Path.of(out + ".md").toAbsolutePath();
        Files.createDirectories(md.getParent());
        Files.writeString(md, markdown.toString());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(Path.of(out + ".json").toFile(), json);
    }
}
