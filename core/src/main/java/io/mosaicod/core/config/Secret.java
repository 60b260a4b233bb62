package io.mosaicod.core.config;

import java.util.Objects;

/** A password or secret key. Its {@code toString} never reveals the value, so it is safe in any log line. */
public final class Secret {
    private final String value;

    public Secret(String value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    /** The secret itself; call only where it is handed to a driver or SDK. */
    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return "****";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Secret s && s.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
