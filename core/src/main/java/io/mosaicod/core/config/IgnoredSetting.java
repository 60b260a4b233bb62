package io.mosaicod.core.config;

import java.util.Objects;

/**
 * An upstream setting given a value that this build accepts and validates but does not act on (a feature it
 * does not have yet). Processes report each once; one that would leave the operator less protected than they
 * asked for (TLS, API keys turned on) is refused instead.
 *
 * @param value the parsed value
 */
public record IgnoredSetting(Setting<?> setting, Source source, Object value) {

    public IgnoredSetting {
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(value, "value");
    }

    /** Whether running without the feature would expose data the operator meant to protect. */
    public boolean unsafeToIgnore() {
        return Settings.PROTECTIONS.contains(setting) && Boolean.TRUE.equals(value);
    }

    /** One line for the log, or for the refusal when {@link #unsafeToIgnore()}. */
    public String describe() {
        String given = source.describe() + " = " + value;
        String why = setting.notInEffect().orElse("");
        return unsafeToIgnore()
                ? given + " asks for a protection this build does not have (" + why + "): the server would run"
                        + " without it; remove the setting or set it to false"
                : given + " is accepted but not in effect: " + why;
    }
}
