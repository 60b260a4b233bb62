package io.mosaicod.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("fast")
class GlobTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "truck*|truck_volvo|true", "truck*|supertruck_volvo|false", "*truck|a truck|true",
            "r?|r1|true", "r?|r12|false", "run_#|run_7|true", "run_#|run_x|false",
            "[a-c]x|bx|true", "[a-c]x|dx|false", "[!a-c]x|dx|true", "[^a-c]x|ax|false",
            "a.b|a.b|true", "a.b|axb|false", "a+|a+|true", "a+|aa|false", "(a)|(a)|true", "a$|a$|true",
            "^a|^a|true", "a{2}|aa|false", "a\\b|a\\b|true", "a|A|false", "*|anything at all|true",
            "[&]|&|true", "x]|x]|true"})
    void matchesAnchoredWithGlobWildcardsAndEverythingElseLiteral(String pattern, String text, boolean matches) {
        assertThat(Glob.of(pattern).matches(text)).isEqualTo(matches);
    }

    /** A backtracking engine took exponential time in the stars: 8 took 60 ms, 255 never finished. */
    @Test
    void aPatternOfManyStarsFailsInLinearTime() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThat(Glob.of("*".repeat(255) + "!").matches("base_link_camera".repeat(64))).isFalse();
            assertThat(Glob.of("*a".repeat(127) + "!").matches("a".repeat(100_000))).isFalse();
        });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"truck*|truck*", "run_#|run_[0-9]", "[!a-c]x|[^a-c]x", "a.b?|a.b?"})
    void rendersForSqliteGlob(String pattern, String glob) {
        assertThat(Glob.of(pattern).sqliteGlob()).isEqualTo(glob);
    }

    /** The 0.5 dialect's $match, SQL's {@code LIKE '%text%'} without LIKE's own wildcards. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "imu|imu|true", "imu|front/imu/raw|true", "imu|im|false", "imu|IMU|false",
            "a*b|xa*by|true", "a*b|axxb|false", "r?|r?2|true", "r?|r1|false", "run_#|run_#1|true", "run_#|run_1|false",
            "[1]|run_[1]|true", "[1]|run_1|false", "a]b|a]b|true", "50%_x|50%_x|true", "50%_x|50 x|false",
            "a_b|axb|false", "a.b|axb|false", "\\|a\\b|true"})
    void containingMatchesTheTextAnywhereWithEveryCharacterLiteral(String text, String candidate, boolean matches) {
        assertThat(Glob.containing(text).matches(candidate)).isEqualTo(matches);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"imu|*imu*", "a*b|*a[*]b*", "[x]?|*[[]x][?]*",
            "50%_#|*50%_#*"})
    void containingRendersForSqliteGlobWithItsWildcardsInClassesOfOne(String text, String glob) {
        assertThat(Glob.containing(text).sqliteGlob()).isEqualTo(glob);
    }

    @Test
    void containingRefusesWhatAGlobRefuses() {
        assertThatThrownBy(() -> Glob.containing("")).hasMessage("Bad request: empty $match pattern.");
        assertThatThrownBy(() -> Glob.containing("a".repeat(257)))
                .hasMessage("Bad request: $match pattern longer than 256 characters.");
        assertThat(Glob.containing("[a-").pattern()).as("no class to be malformed").isEqualTo("[a-");
    }

    /** What a reversed-name index can find: the literal end of a glob that no name index can, starting wild. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"*_0002|_0002", "*/imu|/imu", "?x#/imu|/imu",
            "[a-c]*.x|.x", "*[0-9]/imu|/imu", "*x]|\"\"", "run_*|\"\"", "run_*_2|\"\"", "*|\"\"", "*imu*|\"\"",
            "*#|\"\""})
    void aWildStartsLiteralEndIsItsSuffix(String pattern, String suffix) {
        assertThat(Glob.of(pattern).unanchoredStartSuffix()).isEqualTo(suffix);
    }

    @Test
    void aContainingGlobHasNoSuffix() {
        assertThat(Glob.containing("imu").unanchoredStartSuffix()).isEmpty();
    }
}
