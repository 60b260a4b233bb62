package io.mosaicod.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PostgresServerTest {

    @Test
    void eachCreatedDatabaseIsFreshAndDroppedOnClose() throws Exception {
        PostgresServer server = PostgresServer.shared();
        try (PostgresDatabase first = server.createDatabase(); PostgresDatabase second = server.createDatabase()) {
            assertThat(first.name()).isNotEqualTo(second.name());
            assertThat(currentDatabase(first)).isEqualTo(first.name());
            assertThat(first.config(3).jdbcUrl()).isEqualTo(first.jdbcUrl());
            assertThat(first.config(3).maxConnections()).isEqualTo(3);
            assertThat(first.config(3).user()).isEqualTo(Optional.of(first.user()));
        }
    }

    @Test
    void aServerNamedByUrlIsUsedInBothUrlForms() throws Exception {
        // what MOSAICOD_TEST_DB_URL may hold, pointed at the shared server so that it can be checked here
        String url = PostgresServer.shared().adminUrl();
        URI uri = URI.create(url);
        String[] credentials = uri.getRawUserInfo().split(":", 2);
        String jdbcForm = "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath()
                + "?user=" + credentials[0] + "&password=" + credentials[1];
        for (String form : new String[] {url, jdbcForm}) {
            try (PostgresDatabase database = PostgresServer.fromUrl(form).createDatabase()) {
                assertThat(currentDatabase(database)).isEqualTo(database.name());
            }
        }
    }

    @Test
    void aUrlOfAnotherDatabaseKindIsRefusedNamingTheVariable() {
        assertThatThrownBy(() -> PostgresServer.fromUrl("mysql://u:p@h/db"))
                .hasMessageContaining(PostgresServer.URL_VARIABLE);
    }

    private static String currentDatabase(PostgresDatabase database) throws Exception {
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), database.user(),
                database.password());
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT current_database()")) {
            row.next();
            return row.getString(1);
        }
    }
}
