package io.mosaicod.core.config;

import java.util.Objects;
import java.util.Optional;

/**
 * One configuration setting: its environment variable, its key in the configuration file, its command-line
 * flag if it has one, how its text is parsed, its default and what it means. {@link Settings} lists them all;
 * the loader, the CLI's options and help, and the README's table are all derived from these descriptors.
 *
 * @param env          environment variable, e.g. {@code MOSAICOD_PORT}
 * @param section      configuration file section, e.g. {@code server}; empty for a top-level key
 * @param key          key inside the section, e.g. {@code port}; empty if the file cannot set it
 * @param flag         command-line flag, e.g. {@code --port}, on the commands that offer it
 * @param type         parser and description of the accepted values
 * @param defaultValue the default, empty when there is none or it is derived from other settings
 * @param defaultText  the default as documented (e.g. {@code <data dir>/store})
 * @param fromFile     whether {@code <env>_FILE} (and {@code <key>_file}) may name a file holding the value
 * @param doc          one sentence saying what the setting does
 */
public record Setting<T>(String env, String section, String key, Optional<String> flag, ValueType<T> type,
                         Optional<T> defaultValue, String defaultText, boolean fromFile, String doc) {

    public Setting {
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(flag, "flag");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(defaultText, "defaultText");
        Objects.requireNonNull(doc, "doc");
    }

    /** A setting with no default, no flag; {@code fileKey} is {@code section.key}, {@code key}, or "". */
    static <T> Setting<T> of(String env, String fileKey, ValueType<T> type, String doc) {
        int dot = fileKey.indexOf('.');
        String section = dot < 0 ? "" : fileKey.substring(0, dot);
        String key = dot < 0 ? fileKey : fileKey.substring(dot + 1);
        return new Setting<>(env, section, key, Optional.empty(), type, Optional.empty(), "none", false, doc);
    }

    Setting<T> withFlag(String name) {
        return new Setting<>(env, section, key, Optional.of(name), type, defaultValue, defaultText, fromFile, doc);
    }

    Setting<T> withDefault(T value) {
        return new Setting<>(env, section, key, flag, type, Optional.of(value), type.format(value), fromFile, doc);
    }

    /** A default computed from other settings, documented as {@code text}. */
    Setting<T> withDerivedDefault(String text) {
        return new Setting<>(env, section, key, flag, type, defaultValue, text, fromFile, doc);
    }

    Setting<T> readableFromFile() {
        return new Setting<>(env, section, key, flag, type, defaultValue, defaultText, true, doc);
    }

    /** Whether the configuration file can set it (every setting but the file's own path). */
    public boolean inConfigFile() {
        return !key.isEmpty();
    }

    /** The key as written in documentation: {@code [server] port}, or {@code data_dir} at top level. */
    public String fileKeyDisplay() {
        return section.isEmpty() ? key : "[" + section + "] " + key;
    }

    public String envFile() {
        return env + "_FILE";
    }

    public String keyFile() {
        return key + "_file";
    }

    @Override
    public String toString() {
        return env;
    }
}
