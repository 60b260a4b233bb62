package io.mosaicod.core.config;

import io.mosaicod.core.config.Setting.FileKey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * A parsed {@code config.toml}. Sections and keys mirror the environment variables, in upstream mosaicod's layout
 * (nested sections such as {@code [server.tls]} included); every key is checked against {@link Settings#ALL} when
 * the file is read, so a misspelt key fails instead of being ignored.
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

    /** The value of {@code setting}'s key (or of one of its aliases: at most one may be given), as text. */
    Optional<RawValue> value(Setting<?> setting) {
        return onlyOne(setting, setting.fileKeys());
    }

    /** The value of {@code setting}'s {@code <key>_file} key, naming a file that holds the value. */
    Optional<RawValue> valueFile(Setting<?> setting) {
        return setting.fromFile()
                ? onlyOne(setting, setting.fileKeys().stream().map(k -> new FileKey(k.section(), k.key() + "_file"))
                        .toList())
                : Optional.empty();
    }

    private Optional<RawValue> onlyOne(Setting<?> setting, List<FileKey> keys) {
        Optional<RawValue> found = Optional.empty();
        for (FileKey key : keys) {
            Optional<RawValue> value = scalar(setting, key);
            if (value.isPresent() && found.isPresent()) {
                throw new ConfigException(found.get().source().describe() + " and " + value.get().source().describe()
                        + " are the same setting (" + setting.env() + "): keep one");
            }
            found = found.or(() -> value);
        }
        return found;
    }

    private Optional<RawValue> scalar(Setting<?> setting, FileKey key) {
        TomlTable table = key.section().isEmpty() ? toml : toml.getTable(key.sectionPath());
        if (table == null || !table.contains(List.of(key.key()))) {
            return Optional.empty();
        }
        Source source = new Source.File(name, table.inputPositionOf(List.of(key.key())).line(), key.section(),
                key.key());
        Object value = table.get(List.of(key.key()));
        if (value instanceof TomlTable || value instanceof TomlArray) {
            throw new ConfigException("invalid value for " + source.describe() + ": expected "
                    + setting.type().expected() + ", not a TOML " + (value instanceof TomlTable ? "table" : "array"));
        }
        return Optional.of(new RawValue(String.valueOf(value), source));
    }

    /** Every key a section may hold, by section ("" is the top level; nested sections are dotted). */
    private static Map<String, Set<String>> knownKeys() {
        Map<String, Set<String>> known = new TreeMap<>();
        known.put("", new TreeSet<>());
        for (Setting<?> s : Settings.ALL) {
            for (FileKey key : s.fileKeys()) {
                Set<String> keys = known.computeIfAbsent(key.section(), k -> new TreeSet<>());
                keys.add(key.key());
                if (s.fromFile()) {
                    keys.add(key.key() + "_file");
                }
            }
        }
        return known;
    }

    private void rejectUnknownKeys() {
        rejectUnknownKeys(toml, "", knownKeys());
    }

    private void rejectUnknownKeys(TomlTable table, String section, Map<String, Set<String>> known) {
        for (String key : table.keySet()) {
            Object value = table.get(List.of(key));
            int line = table.inputPositionOf(List.of(key)).line();
            String nested = section.isEmpty() ? key : section + "." + key;
            if (value instanceof TomlTable inner && known.containsKey(nested)) {
                rejectUnknownKeys(inner, nested, known);
            } else if (value instanceof TomlTable) {
                throw new ConfigException(name + ":" + line + ": unknown section [" + nested + "] (known: "
                        + String.join(", ", subsections(known, section)) + ")");
            } else if (!known.getOrDefault(section, Set.of()).contains(key)) {
                throw new ConfigException(name + ":" + line + ": unknown " + (section.isEmpty() ? "top-level key '"
                        + key + "' (known: " + String.join(", ", known.get("")) + ", or a [section])"
                        : "key '" + key + "' in [" + section + "] (known: " + String.join(", ", known.get(section))
                        + ")"));
            }
        }
    }

    /** The sections directly inside {@code section}, dotted. */
    private static List<String> subsections(Map<String, Set<String>> known, String section) {
        String prefix = section.isEmpty() ? "" : section + ".";
        return known.keySet().stream()
                .filter(s -> !s.isEmpty() && s.startsWith(prefix) && s.indexOf('.', prefix.length()) < 0)
                .toList();
    }

    /** A setting's text before parsing, with where it was found. */
    record RawValue(String text, Source source) {
    }
}
