package io.mosaicod.cli;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns {@link Setting} descriptors into command-line options, so a flag's name, help text and default are
 * those of the setting it sets, and reads back which flags were given. An absent flag leaves the setting to
 * the environment, the file or its default.
 */
final class SettingOptions {
    /** Options every configured command offers. */
    static final List<Setting<?>> COMMON = List.of(Settings.CONFIG_FILE, Settings.LOG_FORMAT, Settings.LOG_LEVEL);

    private static final Map<Setting<?>, String> LABELS = Map.of(
            Settings.CONFIG_FILE, "PATH", Settings.LOG_FORMAT, "pretty|plain|json",
            Settings.LOG_LEVEL, "warning|info|debug", Settings.HOST, "HOST", Settings.PORT, "PORT",
            Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE, "BYTES", Settings.STORE_OPTIMIZER_TIME_INTERVAL, "SECONDS",
            Settings.CLEANUP_TIME_INTERVAL, "SECONDS", Settings.CLEANUP_RETENTION_DURATION, "SECONDS",
            Settings.CLEANUP_SWEEP_INTERVAL, "SECONDS");

    private SettingOptions() {
    }

    static List<CommandSpec.Option> options(List<Setting<?>> settings) {
        List<CommandSpec.Option> options = new ArrayList<>();
        for (Setting<?> setting : settings) {
            options.add(CommandSpec.Option.valued(flag(setting), LABELS.getOrDefault(setting, "VALUE"), describe(setting)));
        }
        return options;
    }

    /** The help text: the setting's meaning, then its default and the other places that set it. */
    static String[] describe(Setting<?> setting) {
        String otherSources = "env " + setting.env()
                + (setting.inConfigFile() ? ", config " + setting.fileKeyDisplay() : "");
        return new String[] {setting.doc(), "Default: " + setting.defaultText() + " (" + otherSources + ")."};
    }

    /** The flags given on the command line, as typed, by the setting they set. */
    static Map<Setting<?>, String> given(CommandArguments arguments, List<Setting<?>> settings) {
        Map<Setting<?>, String> flags = new HashMap<>();
        for (Setting<?> setting : settings) {
            arguments.value(flag(setting)).ifPresent(value -> flags.put(setting, value));
        }
        return flags;
    }

    private static String flag(Setting<?> setting) {
        return setting.flag().orElseThrow(() -> new IllegalArgumentException(setting + " has no flag"));
    }
}
