package io.mosaicod.core.config;

import java.util.ArrayList;
import java.util.List;
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
 * @param envAliases   other environment variables that mean the same (upstream's names, older names)
 * @param keyAliases   other file keys that mean the same, as {@code section.key}
 * @param notInEffect  why the value is accepted but changes nothing in this build, for an upstream setting of a
 *                     feature not built yet; empty for a setting that takes effect
 */
public record Setting<T>(String env, String section, String key, Optional<String> flag, ValueType<T> type,
                         Optional<T> defaultValue, String defaultText, boolean fromFile, String doc,
                         List<String> envAliases, List<String> keyAliases, Optional<String> notInEffect) {

    public Setting {
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(flag, "flag");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(defaultText, "defaultText");
        Objects.requireNonNull(doc, "doc");
        envAliases = List.copyOf(envAliases);
        keyAliases = List.copyOf(keyAliases);
        Objects.requireNonNull(notInEffect, "notInEffect");
    }

    /**
     * A setting with no default, no flag; {@code fileKey} is {@code section.key}, {@code key}, or "", where the
     * section may be nested ({@code server.tls.enabled} is key {@code enabled} of {@code [server.tls]}).
     */
    static <T> Setting<T> of(String env, String fileKey, ValueType<T> type, String doc) {
        FileKey parsed = FileKey.parse(fileKey);
        return new Setting<>(env, parsed.section(), parsed.key(), Optional.empty(), type, Optional.empty(), "none",
                false, doc, List.of(), List.of(), Optional.empty());
    }

    Setting<T> withFlag(String name) {
        return new Setting<>(env, section, key, Optional.of(name), type, defaultValue, defaultText, fromFile, doc,
                envAliases, keyAliases, notInEffect);
    }

    Setting<T> withDefault(T value) {
        return new Setting<>(env, section, key, flag, type, Optional.of(value), type.format(value), fromFile, doc,
                envAliases, keyAliases, notInEffect);
    }

    /** A default computed from other settings, documented as {@code text}. */
    Setting<T> withDerivedDefault(String text) {
        return new Setting<>(env, section, key, flag, type, defaultValue, text, fromFile, doc, envAliases, keyAliases,
                notInEffect);
    }

    Setting<T> readableFromFile() {
        return new Setting<>(env, section, key, flag, type, defaultValue, defaultText, true, doc, envAliases,
                keyAliases, notInEffect);
    }

    /** Other names for the same setting: {@code MOSAICOD_...} variables and {@code section.key} file keys. */
    Setting<T> alsoNamed(String... names) {
        List<String> envs = new ArrayList<>(envAliases);
        List<String> keys = new ArrayList<>(keyAliases);
        for (String name : names) {
            (name.startsWith("MOSAICOD_") ? envs : keys).add(name);
        }
        return new Setting<>(env, section, key, flag, type, defaultValue, defaultText, fromFile, doc, envs, keys,
                notInEffect);
    }

    /** An upstream setting this build accepts and validates but does not act on yet, saying why. */
    Setting<T> notInEffect(String why) {
        return new Setting<>(env, section, key, flag, type, defaultValue, defaultText, fromFile, doc, envAliases,
                keyAliases, Optional.of(why));
    }

    /** Whether a value given for it changes what the process does. */
    public boolean inEffect() {
        return notInEffect.isEmpty();
    }

    /** Every key of the configuration file that sets it: its own first, then its aliases. */
    List<FileKey> fileKeys() {
        List<FileKey> keys = new ArrayList<>();
        if (inConfigFile()) {
            keys.add(new FileKey(section, key));
        }
        keyAliases.stream().map(FileKey::parse).forEach(keys::add);
        return keys;
    }

    /** Every environment variable that sets it: its own first, then its aliases. */
    List<String> envNames() {
        List<String> names = new ArrayList<>(List.of(env));
        names.addAll(envAliases);
        return names;
    }

    /** Whether the configuration file can set it (every setting but the file's own path). */
    public boolean inConfigFile() {
        return !key.isEmpty();
    }

    /** The key as written in documentation: {@code [server] port}, or {@code data_dir} at top level. */
    public String fileKeyDisplay() {
        return new FileKey(section, key).display();
    }

    /** The alias keys as written in documentation. */
    public List<String> keyAliasesDisplay() {
        return keyAliases.stream().map(k -> FileKey.parse(k).display()).toList();
    }

    /** A key of the configuration file in its (possibly nested, dotted) section; "" is the top level. */
    record FileKey(String section, String key) {
        static FileKey parse(String dotted) {
            int dot = dotted.lastIndexOf('.');
            return dot < 0 ? new FileKey("", dotted) : new FileKey(dotted.substring(0, dot), dotted.substring(dot + 1));
        }

        List<String> sectionPath() {
            return section.isEmpty() ? List.of() : List.of(section.split("\\."));
        }

        String display() {
            return section.isEmpty() ? key : "[" + section + "] " + key;
        }
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
