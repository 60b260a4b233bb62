package io.mosaicod.core.locator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.Ulid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

@Tag("fast")
class LocatorTest {

    @ParameterizedTest
    @ValueSource(strings = {"run_01", "robot-7", "A", "x#y", "weird(name)+=@"})
    void acceptsValidSequenceNames(String name) {
        assertThat(SequenceName.parse(name).value()).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "a.b", "a/b", "a:b", "a!", "a\"b", "a'b", "a*b", "a£b", "a$b", "a%b", "a&b",
            "tab\there", "é"})
    void rejectsInvalidSequenceNames(String name) {
        assertThatThrownBy(() -> SequenceName.parse(name)).isInstanceOf(InvalidLocatorException.class)
                .hasMessageContaining("sequence name");
    }

    @Test
    void topicLocatorSplitsAtTheFirstSlash() {
        TopicLocator topic = TopicLocator.parse("run_01/sensors/imu/front");
        assertThat(topic.sequence().value()).isEqualTo("run_01");
        assertThat(topic.path()).isEqualTo("sensors/imu/front");
        assertThat(topic).hasToString("run_01/sensors/imu/front");
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "run/", "run//imu", "run/imu/", "run/imu//x", "run/a:b", "run/a.b", "run/a b",
            "/imu", "run/imu!", "ru n/imu"})
    void rejectsInvalidTopicLocators(String text) {
        assertThatThrownBy(() -> TopicLocator.parse(text)).isInstanceOf(InvalidLocatorException.class);
    }

    @Test
    void sessionLocatorCarriesAUlid() {
        Ulid id = Ulid.generate();
        SessionLocator session = SessionLocator.parse("run_01:" + id);
        assertThat(session.sequence().value()).isEqualTo("run_01");
        assertThat(session.id()).isEqualTo(id);
        assertThat(session).hasToString("run_01:" + id);
        assertThatThrownBy(() -> SessionLocator.parse("run_01:notaulid")).isInstanceOf(InvalidLocatorException.class);
        assertThatThrownBy(() -> SessionLocator.parse("run_01")).isInstanceOf(InvalidLocatorException.class);
    }

    @Test
    void aRefusedSessionLocatorIsQuotedCutAndEscaped() {
        String text = "run\n" + "x".repeat(5_000);
        assertThatThrownBy(() -> SessionLocator.parse(text)).isInstanceOf(InvalidLocatorException.class)
                .hasMessageContaining("run\\n")
                .hasMessageContaining("… (5004 characters)")
                .message().hasSizeLessThan(300);
    }
}
