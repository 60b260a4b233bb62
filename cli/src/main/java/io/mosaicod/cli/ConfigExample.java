package io.mosaicod.cli;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The release's {@code config.example.toml}, generated from the setting descriptors (a test keeps the file equal
 * to it): every key the file may hold, in its section, commented out at its default.
 */
final class ConfigExample {
    private static final Pattern BARE = Pattern.compile("-?\\d+|true|false");

    private ConfigExample() {
    }

    static String toml() {
        Map<String, StringBuilder> sections = new LinkedHashMap<>();
        for (Setting<?> setting : Settings.ALL) {
            if (setting.inConfigFile()) {
                entry(setting, sections.computeIfAbsent(setting.section(), s -> new StringBuilder()));
            }
        }
        StringBuilder out = new StringBuilder("""
                # mosaicod configuration: every key this file may hold, commented out at its default.
                # Precedence: command-line flag > MOSAICOD_* environment variable > this file > default.
                # mosaicod reads the file --config or MOSAICOD_CONFIG_FILE names, else the first that exists of
                # ./config.toml, $XDG_CONFIG_HOME/mosaicod/config.toml (or ~/.config/mosaicod/config.toml) and
                # /etc/mosaicod/config.toml. Upstream mosaicod 0.7's files load unchanged; its settings of features this
                # build does not have yet are accepted and reported by the server as not in effect.
                """);
        sections.forEach((section, entries) -> {
            out.append('\n');
            if (!section.isEmpty()) {
                out.append('[').append(section).append("]\n");
            }
            out.append(entries);
        });
        return out.toString();
    }

    private static void entry(Setting<?> setting, StringBuilder out) {
        String sources = "env " + setting.env() + setting.flag().map(f -> ", flag " + f).orElse("")
                + (setting.defaultValue().isPresent() ? "" : "; default: " + setting.defaultText());
        for (String line : HelpText.lines(setting.doc() + " (" + sources + ")", 110)) {
            out.append("# ").append(line).append('\n');
        }
        if (setting.fromFile()) {
            out.append("# ").append(setting.keyFile()).append(" = \"/path/to/a/file/holding/it\"\n");
        } else if (setting.defaultValue().isPresent()) {
            out.append("# ").append(setting.key()).append(" = ").append(literal(setting.defaultText())).append('\n');
        } else {
            out.append("# ").append(setting.key()).append(" = ...\n");
        }
    }

    /** A TOML value; a size's documented default carries its reading in parentheses, which the file leaves out. */
    private static String literal(String defaultText) {
        String value = defaultText.replaceFirst(" \\(.*\\)$", "");
        return BARE.matcher(value).matches() ? value : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public static void main(String[] args) {
        System.out.print(toml());
    }
}
