package io.mosaicod.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class UlidTest {
    @Test
    void rendersAndParsesBackToTheSameValue() {
        for (int i = 0; i < 1000; i++) {
            Ulid u = Ulid.generate();
            String s = u.toString();
            assertThat(s).hasSize(26).matches("[0-9A-HJKMNP-TV-Z]{26}");
            assertThat(Ulid.parse(s)).isEqualTo(u);
            assertThat(Ulid.parse(s.toLowerCase())).isEqualTo(u);
        }
    }

    @Test
    void encodesTheTimestampInTheLeadingCharacters() {
        Ulid u = Ulid.at(1_700_000_000_123L);
        assertThat(u.epochMillis()).isEqualTo(1_700_000_000_123L);
        assertThat(Ulid.at(1000).toString()).isLessThan(Ulid.at(2000).toString());
        assertThat(Ulid.at(1000)).isLessThan(Ulid.at(2000));
    }

    @Test
    void rejectsMalformedText() {
        assertThatThrownBy(() -> Ulid.parse("short")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ulid.parse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ulid.parse("0123456789ABCDEFGHJKMNPQRU")).isInstanceOf(IllegalArgumentException.class);
        assertThat(Ulid.isValid("01ARZ3NDEKTSV4RRFFQ69G5FAV")).isTrue();
    }
}
