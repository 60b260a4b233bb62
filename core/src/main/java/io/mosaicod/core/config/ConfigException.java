package io.mosaicod.core.config;

/**
 * An operator's configuration mistake. The message is one line that names the setting, where its value came
 * from and what is accepted; it never contains a secret. The CLI prints it as is and exits with code 2.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message, null, false, false);
    }

    static ConfigException invalidValue(String shownValue, Source source, String expected) {
        return new ConfigException("invalid value '" + shownValue + "' for " + source.describe() + ": expected " + expected);
    }
}
