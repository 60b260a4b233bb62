package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Opening skips Flyway when the history holds {@link SchemaMigration#LATEST_VERSION}: it must be the newest. */
@Tag("fast")
class SchemaMigrationTest {
    private static final Pattern VERSIONED = Pattern.compile("V(\\d+)__.*\\.sql");

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void theLatestVersionIsTheNewestMigrationOfEachDialect(String dialect) throws IOException, URISyntaxException {
        Path folder = Path.of(Objects.requireNonNull(getClass().getResource("/db/migration/" + dialect)).toURI());
        List<Integer> versions;
        try (Stream<Path> files = Files.list(folder)) {
            versions = files.map(f -> VERSIONED.matcher(f.getFileName().toString())).filter(Matcher::matches)
                    .map(m -> Integer.parseInt(m.group(1))).toList();
        }
        assertThat(versions).isNotEmpty();
        assertThat(versions.stream().mapToInt(Integer::intValue).max().getAsInt())
                .isEqualTo(Integer.parseInt(SchemaMigration.LATEST_VERSION));
    }
}
