package io.mosaicod.core.config;

import java.util.Locale;

/** The least severe level that is logged. */
public enum LogLevel {
    WARNING, INFO, DEBUG;

    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
