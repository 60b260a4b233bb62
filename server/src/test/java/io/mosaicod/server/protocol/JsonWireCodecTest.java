package io.mosaicod.server.protocol;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.RequestJson;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class JsonWireCodecTest {
    private final JsonWireCodec codec = new JsonWireCodec();

    @Test
    void aBodyHoldingAStringOverTheLimitIsRefusedForItsSizeNotItsDepth() {
        String body = "{\"locator\":\"run\",\"user_metadata\":{\"blob\":\""
                + "x".repeat(RequestJson.MAX_STRING_CHARS + 1) + "\"}}";

        assertThatThrownBy(() -> codec.decodeSequenceCreate(body.getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("Bad request: body deserialization error (holds a string longer than 20,000,000"
                        + " characters, the limit).");
    }

    @Test
    void aBodyNestedTooDeepIsRefusedForItsDepth() {
        String body = "{\"a\":".repeat(RequestJson.MAX_NESTING_DEPTH) + "{}" + "}".repeat(RequestJson.MAX_NESTING_DEPTH);

        assertThatThrownBy(() -> codec.decodeNoArguments(body.getBytes(StandardCharsets.US_ASCII)))
                .hasMessage("Bad request: body deserialization error (nested deeper than 128 levels).");
    }
}
