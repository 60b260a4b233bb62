package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.search.QueryEngineLimits;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class ServerSettingsTest {

    @Test
    void theDefaultsAreMosaicodsEndpointAndMessageLimit() {
        ServerSettings defaults = ServerSettings.defaults();
        assertThat(defaults.host()).isEqualTo("127.0.0.1");
        assertThat(defaults.port()).isEqualTo(6726);
        assertThat(defaults.maxDecodeMessageBytes()).isEqualTo(50 << 20);
        assertThat(defaults.maxEncodeMessageBytes()).isEqualTo(50 << 20);
        assertThat(defaults.chunkWriteConcurrency()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theServerSectionOfTheConfigurationSetsEndpointAndLimit() {
        ServerSettings settings = ServerSettings.from(new MosaicodConfig.Server("0.0.0.0", 7000, 8L << 20,
                Duration.ofSeconds(5), 7, Duration.ofSeconds(9), 11, 13, Duration.ofSeconds(17), 3L << 20,
                Optional.of(19), Optional.empty(), false, true), new QueryEngineLimits(1L << 30, 3, 64));
        assertThat(settings.apiKeysRequired()).isTrue();
        assertThat(ServerSettings.defaults().apiKeysRequired()).as("the default").isFalse();
        assertThat(settings.shutdownGrace()).isEqualTo(Duration.ofSeconds(17));
        assertThat(settings.targetEncodeMessageBytes()).isEqualTo(3 << 20);
        assertThat(settings.chunkWriteConcurrency()).isEqualTo(19);
        assertThat(settings.queryEngine()).isEqualTo(new QueryEngineLimits(1L << 30, 3, 64));
        assertThat(ServerSettings.from(new MosaicodConfig.Server("0.0.0.0", 7000, 8L << 20, Duration.ofSeconds(5), 7,
                Duration.ofSeconds(9), 11, 13, Duration.ofSeconds(17), 3L << 20, Optional.empty(), Optional.empty(), false,
                false), QueryEngineLimits.DEFAULTS)
                .chunkWriteConcurrency()).as("the default").isEqualTo(ServerSettings.defaults().chunkWriteConcurrency());
        assertThat(settings.host()).isEqualTo("0.0.0.0");
        assertThat(settings.port()).isEqualTo(7000);
        assertThat(settings.maxDecodeMessageBytes()).isEqualTo(8 << 20);
        assertThat(settings.clientLimits()).isEqualTo(new ServerSettings.ClientLimits(Duration.ofSeconds(5), 7,
                Duration.ofSeconds(9), 11, 13));
    }

    @Test
    void theMemoryLimitGrowsWithTheMessageLimitSoThatSeveralStreamsFit() {
        ServerSettings large = ServerSettings.defaults().withMaxDecodeMessageBytes(512 << 20);
        assertThat(large.memoryLimitBytes()).isGreaterThanOrEqualTo(8L * (512 << 20));
    }

    @Test
    void invalidValuesAreRefusedNamingTheSetting() {
        ServerSettings defaults = ServerSettings.defaults();
        assertThatThrownBy(() -> defaults.withEndpoint("127.0.0.1", 70000)).hasMessageContaining("port");
        assertThatThrownBy(() -> defaults.withMaxDecodeMessageBytes(100)).hasMessageContaining("decode message");
        assertThatThrownBy(() -> defaults.withTargetEncodeMessageBytes(10)).hasMessageContaining("encode message");
        assertThatThrownBy(() -> defaults.withMemoryLimitBytes(1 << 20)).hasMessageContaining("memory limit");
        Duration second = Duration.ofSeconds(1);
        assertThatThrownBy(() -> new ServerSettings.ClientLimits(Duration.ZERO, 1, second, 1, 1))
                .hasMessageContaining("stall timeout");
        assertThatThrownBy(() -> new ServerSettings.ClientLimits(second, 0, second, 1, 1))
                .hasMessageContaining("streams per connection");
        assertThatThrownBy(() -> new ServerSettings.ClientLimits(second, 1, second, 0, 1))
                .hasMessageContaining("maximum connections");
        assertThatThrownBy(() -> new ServerSettings.ClientLimits(second, 1, second, 1, 0))
                .hasMessageContaining("maximum read streams");
    }
}
