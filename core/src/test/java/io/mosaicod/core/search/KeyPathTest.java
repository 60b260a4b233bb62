package io.mosaicod.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("fast")
class KeyPathTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "robot|robot|true", "robot|robot.arm|false", "robot.arm|robot.arm|true",
            "robot.arm|robot.arm[]|true", "robot.arm|robot.arm[][]|true", "robot.arm[*]|robot.arm|false",
            "robot.arm[*]|robot.arm[]|true", "robot.arm.[*]|robot.arm[]|true",
            "robot.*|robot.arm|true", "robot.*|robot.arm.model|false", "robot.*|robot|false",
            "robot.*.model|robot.arm.model|true", "*.model|robot.model|true", "*|robot|true",
            "**.model|model|true", "**.model|robot.arm.model|true", "robot.**|robot|true",
            "robot.**|robot.arm.joint.id|true", "**.model|robot.arm.modelx|false",
            "a.*.b.**|a.x.y.b.z|false", "a.*.b.**|a.x.b.z|true",
            "a.b.c|a.b[].c|true", "my key|my key|true", "r-1|r-1|true"})
    void designatesFlattenedPathsWithWildcardsAndLaxLists(String keyPath, String flattened, boolean matches) {
        assertThat(KeyPath.parse(keyPath).matchesFlattened(flattened)).isEqualTo(matches);
    }

    /** A backtracking engine took 1.7 s for 50 `**` against a 5-level path, and did not finish for 200. */
    @Test
    void manyAnyDepthSegmentsFailInLinearTime() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThat(KeyPath.parse("**.".repeat(200) + "zz").matchesFlattened("a.b.c.d.e")).isFalse();
            assertThat(KeyPath.parse("**.".repeat(200) + "zz").matchesFlattened("a.".repeat(500) + "e")).isFalse();
        });
    }
}
