package io.mosaicod.core.config;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * A parsed {@code config.toml}. Sections and keys mirror the environment variables; every key is checked
 * against {@link Settings#ALL} when the file is read, so a misspelt key fails instead of being ignored.
 */
final class ConfigFile {
    private final String name;
    private final TomlParseResult toml;

    private ConfigFile(String name, TomlParseResult toml) {
        this.name = name;
        this.toml = toml;
    }

    static ConfigFile read(Path path) {
        TomlParseResult toml;
        try {
            toml = Toml.parse(path);
        } catch (IOException e) {
            throw new ConfigException("cannot read config file '" + path + "': " + e);
        }
        String name = path.getFileName().toString();
        if (toml.hasErrors()) {
            TomlParseError error = toml.errors().get(0);
            throw new ConfigException(name + ":" + error.position().line() + ": invalid TOML: "
                    + error.getMessage().replaceAll("\\s+", " "));
        }
        ConfigFile file = new ConfigFile(name, toml);
        file.rejectUnknownKeys();
        return file;
    }

    /** The value of {@code setting}'s key, as text. */
    Optional<RawValue> value(Setting<?> setting) {
        return setting.inConfigFile() ? scalar(setting, setting.key()) : Optional.empty();
    }

    /** The value of {@code setting}'s {@code <key>_file} key, naming a file that holds the value. */
    Optional<RawValue> valueFile(Setting<?> setting) {
        return setting.inConfigFile() && setting.fromFile() ? scalar(setting, setting.keyFile()) : Optional.empty();
    }

    private Optional<RawValue> scalar(Setting<?> setting, String key) {
        TomlTable table = setting.section().isEmpty() ? toml : toml.getTable(List.of(setting.section()));
        if (table == null || !table.contains(List.of(key))) {
            return Optional.empty();
        }
        Source source = new Source.File(name, table.inputPositionOf(List.of(key)).line(), setting.section(), key);
        Object value = table.get(List.of(key));
        if (value instanceof TomlTable || value instanceof TomlArray) {
            throw new ConfigException("invalid value for " + source.describe() + ": expected "
                    + setting.type().expected() + ", not a TOML " + (value instanceof TomlTable ? "table" : "array"));
        }
        return Optional.of(new RawValue(String.valueOf(value), source));
    }

    private void rejectUnknownKeys() {
        Map<String, Set<String>> known = new LinkedHashMap<>();
        for (Setting<?> s : Settings.ALL) {
            if (s.inConfigFile()) {
                Set<String> keys = known.computeIfAbsent(s.section(), k -> new TreeSet<>());
                keys.add(s.key());
                if (s.fromFile()) {
                    keys.add(s.keyFile());
                }
            }
        }
        for (String key : toml.keySet()) {
            Object value = toml.get(List.of(key));
            int line = toml.inputPositionOf(List.of(key)).line();
            if (value instanceof TomlTable section && !key.isEmpty() && known.containsKey(key)) {
                for (String inner : section.keySet()) {
                    if (!known.get(key).contains(inner)) {
                        int innerLine = section.inputPositionOf(List.of(inner)).line();
                        throw new ConfigException(name + ":" + innerLine + ": unknown key '" + inner + "' in [" + key
                                + "] (known: " + String.join(", ", known.get(key)) + ")");
                    }
                }
            } else if (value instanceof TomlTable) {
                Set<String> sections = new TreeSet<>(known.keySet());
                sections.remove("");
                throw new ConfigException(name + ":" + line + ": unknown section [" + key + "] (known: "
                        + String.join(", ", sections) + ")");
            } else if (!known.get("").contains(key)) {
                throw new ConfigException(name + ":" + line + ": unknown top-level key '" + key + "' (known: "
                        + String.join(", ", known.get("")) + ", or a [section])");
            }
        }
    }

    /** A setting's text before parsing, with where it was found. */
    record RawValue(String text, Source source) {
    }
}
