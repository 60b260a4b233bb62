package io.mosaicod.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("fast")
class DatabaseUrlTest {
    private static final Path WD = Path.of("/srv/mosaico");

    private static DatabaseConfig normalize(String url) {
        DatabaseUrl parsed = DatabaseUrl.parse(url);
        return parsed.toConfig(WD, parsed.user(), parsed.password(), 3);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "sqlite:mosaico.db, jdbc:sqlite:/srv/mosaico/mosaico.db",
            "sqlite://data/m.db, jdbc:sqlite:/srv/mosaico/data/m.db",
            "sqlite:///var/lib/m.db, jdbc:sqlite:/var/lib/m.db",
            "sqlite:/var/lib/m.db, jdbc:sqlite:/var/lib/m.db",
            "jdbc:sqlite:./x/../m.db, jdbc:sqlite:/srv/mosaico/m.db",
            "jdbc:sqlite:/abs/m.db?busy_timeout=5000, jdbc:sqlite:/abs/m.db?busy_timeout=5000"})
    void sqliteUrlsBecomeAbsoluteJdbcUrls(String url, String jdbc) {
        DatabaseConfig config = normalize(url);
        assertThat(config.jdbcUrl()).isEqualTo(jdbc);
        assertThat(config.isSqlite()).isTrue();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "postgresql://db.example:5432/mosaico, jdbc:postgresql://db.example:5432/mosaico",
            "postgres://db.example/mosaico, jdbc:postgresql://db.example/mosaico",
            "postgresql://localhost, jdbc:postgresql://localhost/",
            "postgresql://[::1]:5433/m?sslmode=require, jdbc:postgresql://[::1]:5433/m?sslmode=require",
            "jdbc:postgresql://h:5432/m, jdbc:postgresql://h:5432/m",
            "POSTGRESQL://h/m, jdbc:postgresql://h/m"})
    void postgresUrlsBecomeJdbcUrls(String url, String jdbc) {
        DatabaseConfig config = normalize(url);
        assertThat(config.jdbcUrl()).isEqualTo(jdbc);
        assertThat(config.isPostgres()).isTrue();
        assertThat(config.user()).isEmpty();
        assertThat(config.password()).isEmpty();
    }

    @Test
    void credentialsInTheUserInfoAreSplitOutAndDecoded() {
        DatabaseConfig config = normalize("postgresql://mosaico:p%40ss%2Fw+rd@db:5432/mosaico?sslmode=disable");
        assertThat(config.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/mosaico?sslmode=disable");
        assertThat(config.user()).contains("mosaico");
        assertThat(config.password().map(Secret::reveal)).contains("p@ss/w+rd");
    }

    @Test
    void anUnencodedSlashInThePasswordStillStaysOutOfTheUrl() {
        DatabaseConfig config = normalize("postgres://u:se/cr?et@db/m");
        assertThat(config.jdbcUrl()).isEqualTo("jdbc:postgresql://db/m");
        assertThat(config.password().map(Secret::reveal)).contains("se/cr?et");
    }

    @Test
    void userAndPasswordQueryParametersAreSplitOutOfJdbcUrls() {
        DatabaseConfig config = normalize("jdbc:postgresql://db/m?user=alice&sslmode=require&password=s%26cret");
        assertThat(config.jdbcUrl()).isEqualTo("jdbc:postgresql://db/m?sslmode=require");
        assertThat(config.user()).contains("alice");
        assertThat(config.password().map(Secret::reveal)).contains("s&cret");
    }

    @Test
    void aUserWithoutPasswordIsKept() {
        DatabaseConfig config = normalize("postgresql://alice@db/m");
        assertThat(config.user()).contains("alice");
        assertThat(config.password()).isEqualTo(Optional.empty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql://h/db", "http://h/db", "db.sqlite", "postgresql://", "postgresql://u:p@/db",
            "sqlite:", "postgresql://u:p%zz@h/db", "postgresql://u:p@h/db?password=x"})
    void unknownSchemesAndMalformedUrlsAreRejected(String url) {
        assertThatThrownBy(() -> DatabaseUrl.parse(url)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({
            "postgresql://u:topsecret@h/db, postgresql://u:****@h/db",
            "mysql://root:topsecret@h/db, mysql://root:****@h/db",
            "jdbc:postgresql://h/db?user=u&password=topsecret&x=1, jdbc:postgresql://h/db?user=u&password=****&x=1",
            "postgres://u:top/secret@h/db, postgres://u:****@h/db",
            "mosaico:topsecret@db:5432/mosaico, mosaico:****@db:5432/mosaico", // the scheme forgotten
            "postgresql:/u:topsecret@h/db, postgresql:****@h/db"})
    void redactionHidesPasswords(String url, String redacted) {
        assertThat(DatabaseUrl.redact(url)).isEqualTo(redacted).doesNotContain("topsecret");
    }
}
