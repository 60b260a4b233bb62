package io.mosaicod.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("fast")
class ByteSizeTest {

    @ParameterizedTest(name = "{0} = {1} bytes")
    @CsvSource({
            "0, 0", "256000000, 256000000", "17B, 17", "1kB, 1000", "1KB, 1000", "1KiB, 1024", "256MiB, 268435456",
            "256 MiB, 268435456", "1GB, 1000000000", "2GiB, 2147483648", "1TB, 1000000000000",
            "1TiB, 1099511627776", "' 50mib ', 52428800", "9223372036854775807, 9223372036854775807"})
    void parsesByteCountsAndUnits(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "1.5GB", "1 XB", "MiB", "9223372036854775808", "9000000000 TB", "1e9"})
    void rejectsWhatIsNotAWholeNonNegativeSize(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({"52428800, 52428800 (50 MiB)", "256000000, 256000000", "1024, 1024 (1 KiB)", "0, 0", "1073741824, 1073741824 (1 GiB)"})
    void describesWholeBinaryUnits(long bytes, String text) {
        assertThat(ByteSize.describe(bytes)).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "300, 300", "' 86400 ', 86400"})
    void parsesSecondsAsWholeNumbers(String text, long seconds) {
        assertThat(ValueType.seconds(0).parse(text)).isEqualTo(Duration.ofSeconds(seconds));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "1.5", "5m", "", "ten", "99999999999999999999"})
    void rejectsSecondsThatAreNotWholeNonNegativeNumbers(String text) {
        assertThatThrownBy(() -> ValueType.seconds(0).parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "2", "1"})
    void leaseDurationsBelowThreeSecondsAreRejected(String text) {
        // renewal every third of the lease must leave at least one whole second between renewals
        assertThatThrownBy(() -> Settings.STORE_OPTIMIZER_LEASE_DURATION.type().parse(text))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
