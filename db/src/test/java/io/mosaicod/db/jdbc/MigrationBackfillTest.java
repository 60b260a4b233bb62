package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Repository;
import io.mosaicod.db.SearchHit;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import io.mosaicod.testkit.TestSql;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The migrations that derive search columns from what older versions stored fill them for old rows exactly as the
 * repository fills them for new ones: V5 flattens user metadata, V10 reverses locators. A repository upgraded
 * from V4 searches its old catalog like a new one.
 */
class MigrationBackfillTest {
    private static final String METADATA = """
            {"robot":{"name":"r1","arm":{"model":"ur5","payload_kg":5.5}},"tags":["night",7,true,null,[1,2]],
             "fleet":[{"id":7},{"id":9}],"empty":{},"none":[],"my key":"x","big":12345678901,"off":false}""";

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void metadataStoredBeforeV5IsFlattenedAsNewMetadataIs(String dialect) throws Exception {
        try (TestDatabase database = dialect.equals("sqlite") ? SqliteDatabase.create()
                : PostgresServer.shared().createDatabase()) {
            DatabaseConfig config = database.config();
            Flyway.configure().dataSource(config.jdbcUrl(), config.user().orElse(null),
                            config.password().map(Secret::reveal).orElse(null))
                    .locations(Dialect.of(config.jdbcUrl()).migrationLocation()).target("4").load().migrate();
            String json = METADATA.replace("\n", "").replace("'", "''");
            TestSql.execute(config,
                    "INSERT INTO sequence (uuid, locator, user_metadata, folder, created_at_ms) VALUES"
                            + " ('00000000-0000-0000-0000-000000000001', 'old', '" + json + "', 'sq_old', 1)",
                    "INSERT INTO session (uuid, sequence_id, ulid, created_at_ms) SELECT"
                            + " '00000000-0000-0000-0000-000000000002', id, '01J00000000000000000000000', 1"
                            + " FROM sequence",
                    "INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder,"
                            + " serialization_format, created_at_ms) SELECT '00000000-0000-0000-0000-000000000003',"
                            + " sequence_id, id, 'old/imu', '" + json + "', 'tp_old', 'default', 1 FROM session",
                    "INSERT INTO topic (uuid, sequence_id, session_id, locator, user_metadata, folder,"
                            + " serialization_format, created_at_ms) SELECT '00000000-0000-0000-0000-000000000004',"
                            + " sequence_id, id, 'old/caméra😀_0002', '{}', 'tp_old2', 'default', 1 FROM session");

            try (Repository repository = Repositories.open(config)) {
                Catalog catalog = repository.catalog();
                long session = catalog.createSession(catalog.createSequence("new", METADATA, "sq_new").id()).id();
                catalog.createTopic(new NewTopic(session, "new/imu", METADATA, "tp_new", "default", Optional.empty()));

                for (String owner : List.of("sequence", "topic")) {
                    List<String> backfilled = values(config, owner, "old");
                    assertThat(backfilled).as(owner).hasSize(23).isEqualTo(values(config, owner, "new"));
                }
                assertThat(find(repository, "{'sequence':{'user_metadata':{'fleet[*].id':{'$eq':9},"
                        + "'tags':{'$eq':true}}},'topic':{'user_metadata':{'**.model':{'$match':'ur#'}}}}"))
                        .containsExactly("new/imu", "old/imu");
                catalog.createTopic(new NewTopic(session, "new/caméra😀_0002", "{}", "tp_new2", "default",
                        Optional.empty()));
                assertThat(find(repository, "{'topic':{'name':{'$match':'*a😀_0002'}}}"))
                        .containsExactly("new/caméra😀_0002", "old/caméra😀_0002");
                assertThat(find(repository, "{'topic':{'name':{'$match':'*/imu'}}}")).containsExactly("new/imu", "old/imu");
            }
        }
    }

    private static List<String> find(Repository repository, String json) {
        SearchFilter filter = SearchFilterParser.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
        return repository.search().find(filter.sequence(), filter.topic()).stream().map(SearchHit::locator).toList();
    }

    /** The flattened values of the sequence (or the topic of the sequence) {@code sequence}, one line each, sorted. */
    private static List<String> values(DatabaseConfig config, String owner, String sequence) throws SQLException {
        String locator = owner.equals("sequence") ? sequence : sequence + "/imu";
        List<String> lines = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(config.jdbcUrl(), config.user().orElse(null),
                config.password().map(Secret::reveal).orElse(null));
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT v.path, v.value_type, v.number_value, v.text_value FROM "
                     + owner + "_metadata_value v JOIN " + owner + " o ON o.id = v." + owner + "_id WHERE o.locator = '"
                     + locator + "'")) {
            while (rows.next()) {
                lines.add(rows.getString(1) + " " + rows.getString(2) + " " + rows.getObject(3) + " " + rows.getString(4));
            }
        }
        return lines.stream().sorted().toList();
    }
}
