package io.mosaicod.core.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("fast")
class ApiKeyTokenTest {
    private static final SecureRandom RANDOM = new SecureRandom();

    @Test
    void aGeneratedTokenHasThirtyTwoCharactersOfPayloadAndItsCrc32AsFingerprint() {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        String text = token.reveal();
        assertThat(text).matches("msco_[a-z0-9]{32}_[0-9a-f]{8}");
        CRC32 crc = new CRC32();
        crc.update(text.substring(5, 37).getBytes(StandardCharsets.US_ASCII));
        assertThat(token.fingerprint()).isEqualTo(String.format("%08x", crc.getValue())).isEqualTo(text.substring(38));
        assertThat(ApiKeyToken.isFingerprint(token.fingerprint())).isTrue();
    }

    @Test
    void aTokenParsesBackToItself() {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        ApiKeyToken parsed = ApiKeyToken.parse(token.reveal()).orElseThrow();
        assertThat(parsed.reveal()).isEqualTo(token.reveal());
        assertThat(parsed.fingerprint()).isEqualTo(token.fingerprint());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "msco", "msco__", "mosaico_gm8osbmxriljmgkyeb7aybirba4jeysw_00000000",
        "msco_gm8osbmxriljmgkyeb7aybirba4jeys_00000000", "msco_GM8OSBMXRILJMGKYEB7AYBIRBA4JEYSW_00000000",
        "msco_gm8osbmxriljmgkyeb7aybirba4jeysw_0000000", "msco_gm8osbmxriljmgkyeb7aybirba4jeysw_00000000_x",
        " msco_gm8osbmxriljmgkyeb7aybirba4jeysw_00000000", "Bearer msco_gm8osbmxriljmgkyeb7aybirba4jeysw_00000000"})
    void aStringOfAnotherShapeIsNoToken(String text) {
        assertThat(ApiKeyToken.parse(text)).isEmpty();
    }

    @Test
    void aTokenWhoseFingerprintIsNotItsPayloadsCrc32IsNoToken() {
        String text = ApiKeyToken.generate(RANDOM).reveal();
        String otherFingerprint = text.endsWith("0") ? "1" : "0";
        assertThat(ApiKeyToken.parse(text.substring(0, text.length() - 1) + otherFingerprint)).isEmpty();
        assertThat(ApiKeyToken.parse(text.toUpperCase(java.util.Locale.ROOT))).isEmpty();
        assertThat(ApiKeyToken.parse(null)).isEmpty();
    }

    @Test
    void onlyTheSamePayloadMatchesAStoredHash() {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        String stored = token.payloadHash();
        assertThat(stored).matches("[0-9a-f]{64}");
        assertThat(token.matches(stored)).isTrue();
        assertThat(ApiKeyToken.parse(token.reveal()).orElseThrow().matches(stored)).isTrue();
        assertThat(ApiKeyToken.generate(RANDOM).matches(stored)).isFalse();
        assertThat(token.matches("not hex")).isFalse();
        assertThat(token.matches(stored.substring(2))).isFalse();
    }

    @Test
    void itsTextNeverShowsThePayload() {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        String payload = token.reveal().substring(5, 37);
        assertThat(token.toString()).isEqualTo("msco_…_" + token.fingerprint()).doesNotContain(payload);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0000000", "000000000", "ABCDEF01", "ghijklmn", "0000 000"})
    void onlyEightLowercaseHexDigitsAreAFingerprint(String text) {
        assertThat(ApiKeyToken.isFingerprint(text)).isFalse();
    }
}
