package io.mosaicod.cli;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.List;
import java.util.stream.Collectors;

/** The README's configuration table, generated from the setting descriptors (a test keeps the two equal). */
final class SettingsTable {
    private SettingsTable() {
    }

    static String markdown() {
        String header = "| Environment variable | config.toml | Flag | Default | Meaning |\n|---|---|---|---|---|\n";
        return header + Settings.ALL.stream().map(SettingsTable::row).collect(Collectors.joining());
    }

    private static String row(Setting<?> s) {
        String env = "`" + s.env() + "`" + (s.fromFile() ? " (or `" + s.envFile() + "`)" : "") + also(s.envAliases());
        String key = s.inConfigFile() ? "`" + s.fileKeyDisplay() + "`" + (s.fromFile() ? " (or `" + s.keyFile() + "`)" : "")
                + also(s.keyAliasesDisplay()) : "—";
        String flag = s.flag().map(f -> "`" + f + "`").orElse("—");
        String defaultValue = s.defaultText().equals("none") ? "none" : "`" + s.defaultText() + "`";
        return "| " + env + " | " + key + " | " + flag + " | " + defaultValue + " | "
                + s.doc().replace("|", "\\|") + " |\n";
    }

    private static String also(List<String> names) {
        return names.isEmpty() ? "" : " (also " + names.stream().map(n -> "`" + n + "`").collect(Collectors.joining(", "))
                + ")";
    }

    public static void main(String[] args) {
        System.out.print(markdown());
    }
}
