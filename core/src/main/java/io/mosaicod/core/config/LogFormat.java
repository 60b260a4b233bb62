package io.mosaicod.core.config;

import java.util.Locale;

/** How log lines are written to stderr. */
public enum LogFormat {
    /** Human-readable, level coloured when stderr is a terminal. */
    PRETTY,
    /** Human-readable, never coloured, full logger names: for files and log collectors that keep lines. */
    PLAIN,
    /** One JSON object per line. */
    JSON;

    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
