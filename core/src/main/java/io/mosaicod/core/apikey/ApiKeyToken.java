package io.mosaicod.core.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The token of an API key, as clients send it: {@code msco_<payload>_<fingerprint>}. The payload is the secret,
 * 32 characters of {@code [a-z0-9]} drawn from a {@link SecureRandom}; the fingerprint is the payload's CRC32 as 8
 * lowercase hex digits, a checksum that catches typing mistakes and names the key in listings. A fingerprint is no
 * proof of anything: anyone who sees one can make a payload with the same CRC32. Keys are therefore found by their
 * fingerprint and proven by the SHA-256 of their payload ({@link #payloadHash()}), the only form in which a
 * payload is ever stored.
 *
 * <p>{@link #toString()} shows the fingerprint only, so a token in a log line or a record's {@code toString} gives
 * nothing away; {@link #reveal()} is for the one place that prints it once, and for a client's header.
 */
public final class ApiKeyToken {
    public static final String PREFIX = "msco_";
    static final int PAYLOAD_CHARS = 32;
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final Pattern SHAPE = Pattern.compile("msco_[a-z0-9]{32}_[0-9a-f]{8}");
    private static final Pattern FINGERPRINT = Pattern.compile("[0-9a-f]{8}");

    private final String payload;
    private final String fingerprint;

    private ApiKeyToken(String payload) {
        this.payload = payload;
        this.fingerprint = fingerprintOf(payload);
    }

    /** A new token with a payload of {@value #PAYLOAD_CHARS} characters drawn from {@code random}. */
    public static ApiKeyToken generate(SecureRandom random) {
        StringBuilder payload = new StringBuilder(PAYLOAD_CHARS);
        for (int i = 0; i < PAYLOAD_CHARS; i++) {
            payload.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return new ApiKeyToken(payload.toString());
    }

    /**
     * The token {@code text} holds; empty when it does not have the token's shape or its fingerprint is not its
     * payload's CRC32 (a mistyped or cut token). Why it is malformed is not said: the caller refuses it as a whole.
     */
    public static Optional<ApiKeyToken> parse(String text) {
        if (text == null || !SHAPE.matcher(text).matches()) {
            return Optional.empty();
        }
        ApiKeyToken token = new ApiKeyToken(text.substring(PREFIX.length(), PREFIX.length() + PAYLOAD_CHARS));
        return token.fingerprint.equals(text.substring(text.length() - 8)) ? Optional.of(token) : Optional.empty();
    }

    /** Whether {@code text} has the shape of a fingerprint: 8 lowercase hex digits. */
    public static boolean isFingerprint(String text) {
        return FINGERPRINT.matcher(text).matches();
    }

    /** The CRC32 of {@code payload}, as 8 lowercase hex digits. */
    static String fingerprintOf(String payload) {
        CRC32 crc = new CRC32();
        crc.update(payload.getBytes(StandardCharsets.US_ASCII));
        return String.format("%08x", crc.getValue());
    }

    public String fingerprint() {
        return fingerprint;
    }

    /** The SHA-256 of the payload as 64 lowercase hex digits: what the repository keeps of a key's secret. */
    public String payloadHash() {
        return HexFormat.of().formatHex(sha256(payload));
    }

    /**
     * Whether this token's payload is the one {@code storedHash} ({@link #payloadHash()}) was made from. The
     * comparison takes the same time wherever the hashes differ, so timing answers tell a caller nothing about
     * how close a guess came.
     */
    public boolean matches(String storedHash) {
        byte[] stored;
        try {
            stored = HexFormat.of().parseHex(storedHash);
        } catch (IllegalArgumentException damaged) {
            return false;
        }
        return MessageDigest.isEqual(sha256(payload), stored);
    }

    /** The whole token, secret included: for the one line that shows it at creation, and the client's header. */
    public String reveal() {
        return PREFIX + payload + "_" + fingerprint;
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** {@code msco_…_<fingerprint>}: never the payload. */
    @Override
    public String toString() {
        return PREFIX + "…_" + fingerprint;
    }
}
