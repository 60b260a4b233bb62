package io.mosaicod.cli;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Turns {@link Setting} descriptors into picocli options, so a flag's name, help text and default are
 * those of the setting it sets, and reads back which flags were given. Options carry no picocli default:
 * an absent flag must leave the setting to the environment, the file or its default.
 */
final class SettingOptions {
    /** Options every configured command offers. */
    static final List<Setting<?>> COMMON = List.of(Settings.CONFIG_FILE, Settings.LOG_FORMAT, Settings.LOG_LEVEL);

    private static final Map<Setting<?>, String> LABELS = Map.of(
            Settings.CONFIG_FILE, "PATH", Settings.LOG_FORMAT, "pretty|plain|json",
            Settings.LOG_LEVEL, "warning|info|debug", Settings.HOST, "HOST", Settings.PORT, "PORT",
            Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE, "BYTES", Settings.STORE_OPTIMIZER_TIME_INTERVAL, "SECONDS",
            Settings.CLEANUP_TIME_INTERVAL, "SECONDS", Settings.CLEANUP_RETENTION_DURATION, "SECONDS");

    private SettingOptions() {
    }

    static void add(CommandSpec spec, List<Setting<?>> settings) {
        for (Setting<?> setting : settings) {
            String flag = setting.flag().orElseThrow(() -> new IllegalArgumentException(setting + " has no flag"));
            spec.addOption(OptionSpec.builder(flag)
                    .type(String.class)
                    .paramLabel(LABELS.getOrDefault(setting, "VALUE"))
                    .description(describe(setting))
                    .build());
        }
    }

    /** The help text: the setting's meaning, then its default and the other places that set it. */
    static String[] describe(Setting<?> setting) {
        String otherSources = "env " + setting.env()
                + (setting.inConfigFile() ? ", config " + setting.fileKeyDisplay() : "");
        return new String[] {setting.doc(), "Default: " + setting.defaultText() + " (" + otherSources + ")."};
    }

    /** The flags given on the command line, as typed, by the setting they set. */
    static Map<Setting<?>, String> given(CommandSpec spec, List<Setting<?>> settings) {
        Map<Setting<?>, String> flags = new HashMap<>();
        for (Setting<?> setting : settings) {
            OptionSpec option = spec.findOption(setting.flag().orElseThrow());
            String value = option == null ? null : option.getValue();
            if (value != null) {
                flags.put(setting, value);
            }
        }
        return flags;
    }
}
