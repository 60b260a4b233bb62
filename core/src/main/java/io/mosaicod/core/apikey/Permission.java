package io.mosaicod.core.apikey;

import java.util.Locale;

/**
 * One thing an API key may be allowed to do. None implies another, except {@link #MANAGE}, which allows
 * everything. The bits are upstream mosaicod's, so a key's permissions read the same in either repository.
 */
public enum Permission {
    /** ListFlights, GetFlightInfo, GetSchema, DoGet and the listing actions. */
    READ(1),
    /** DoPut and the actions that create or finalize. */
    WRITE(2),
    /** The actions that delete or purge. */
    DELETE(4),
    /** Everything. */
    MANAGE(8);

    private final int bit;
    private final String label = name().toLowerCase(Locale.ROOT);

    Permission(int bit) {
        this.bit = bit;
    }

    int bit() {
        return bit;
    }

    /** As the command line and the listings write it: {@code read}, {@code write}, ... */
    public String label() {
        return label;
    }
}
