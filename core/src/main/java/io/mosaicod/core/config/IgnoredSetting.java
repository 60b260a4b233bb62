package io.mosaicod.core.config;

import java.util.Objects;

/**
 * An upstream setting given a value that this build accepts and validates but does not act on (a feature it
 * does not have yet). Processes report each once.
 *
 * @param value the parsed value
 */
public record IgnoredSetting(Setting<?> setting, Source source, Object value) {

    public IgnoredSetting {
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(value, "value");
    }

    /** One line for the log. */
    public String describe() {
        return source.describe() + " = " + value + " is accepted but not in effect: " + setting.notInEffect().orElse("");
    }
}
