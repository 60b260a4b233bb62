package io.mosaicod.client;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The API key a client sends with every call, in the {@code mosaico-api-key-token} header, to a server that
 * requires keys ({@code MOSAICOD_API_KEY_ENABLED}). Its {@code toString} shows only the key's fingerprint, so a key
 * inside a logged object gives nothing away.
 */
public final class ApiKey {
    private static final Pattern SHAPE = Pattern.compile("msco_[a-z0-9]{32}_[0-9a-f]{8}");

    private final String token;

    private ApiKey(String token) {
        this.token = token;
    }

    /**
     * The key whose token is {@code token}, as {@code mosaicod api-key create} printed it.
     *
     * @throws IllegalArgumentException if it does not have a token's shape (the message does not repeat it)
     */
    public static ApiKey of(String token) {
        Objects.requireNonNull(token, "token");
        if (!SHAPE.matcher(token).matches()) {
            throw new IllegalArgumentException("an API key looks like msco_<32 lowercase letters and digits>_<8 hex"
                    + " digits>, as 'mosaicod api-key create' prints it; the one given (" + token.length()
                    + " characters) does not");
        }
        return new ApiKey(token);
    }

    /** The header's value. */
    String token() {
        return token;
    }

    /** {@code msco_…_<fingerprint>}. */
    @Override
    public String toString() {
        return "msco_…_" + token.substring(token.length() - 8);
    }
}
