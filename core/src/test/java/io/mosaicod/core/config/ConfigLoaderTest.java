package io.mosaicod.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("fast")
class ConfigLoaderTest {
    @TempDir
    Path dir;

    private final Map<String, String> env = new HashMap<>();
    private final Map<Setting<?>, String> flags = new HashMap<>();

    private MosaicodConfig load() {
        return new ConfigLoader(env, dir).load(flags);
    }

    private void configToml(String content) throws IOException {
        Files.writeString(dir.resolve("config.toml"), content);
    }

    private String error() {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(this::load);
        assertThat(thrown).isInstanceOf(ConfigException.class);
        assertThat(thrown.getMessage()).doesNotContain("\n");
        return thrown.getMessage();
    }

    @Test
    void aDataFolderThatIsAFileIsASettingsMistake() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "not a folder");
        env.put("MOSAICOD_DATA_DIR", file.toString());

        assertThat(error()).isEqualTo("the data folder " + file + " (env MOSAICOD_DATA_DIR) is a file, not a folder");
    }

    @Test
    void withNothingConfiguredEverythingLivesUnderTheDataFolder() {
        MosaicodConfig config = load();
        Path data = dir.resolve("mosaico-data");
        assertThat(config.configFile()).isEmpty();
        assertThat(config.dataDir()).isEqualTo(data);
        assertThat(config.database().jdbcUrl()).isEqualTo("jdbc:sqlite:" + data.resolve("mosaico.db"));
        assertThat(config.database().user()).isEmpty();
        assertThat(config.database().password()).isEmpty();
        assertThat(config.database().maxConnections()).isEqualTo(10);
        assertThat(config.store()).isEqualTo(new StoreConfig.Local(data.resolve("store")));
        assertThat(config.server()).isEqualTo(new MosaicodConfig.Server("127.0.0.1", 6726, 50L * 1024 * 1024,
                java.time.Duration.ofSeconds(60), 100, java.time.Duration.ofSeconds(300), 1000, 256,
                java.time.Duration.ofSeconds(30), 2L << 20, Optional.empty(), Optional.empty(), false, false));
        assertThat(config.storeOptimizer()).isEqualTo(new MosaicodConfig.StoreOptimizer(
                Duration.ZERO, 256_000_000L, 0L, Duration.ofSeconds(300), 3));
        assertThat(config.storeOptimizer().runsOnce()).isTrue();
        assertThat(config.storeOptimizer().leaseRenewalInterval()).isEqualTo(Duration.ofSeconds(100));
        assertThat(config.cleanup()).isEqualTo(new MosaicodConfig.Cleanup(Duration.ZERO, Duration.ofSeconds(86_400),
                Duration.ofDays(7)));
        assertThat(config.log()).isEqualTo(new MosaicodConfig.Log(LogFormat.PRETTY, LogLevel.INFO));
        assertThat(config.metrics().address()).as("no metrics endpoint unless asked for").isEmpty();
    }

    @Test
    void theMetricsAddressIsAHostAndAPort() throws IOException {
        configToml("[metrics]\naddress = \"0.0.0.0:9464\"\n");
        assertThat(load().metrics().address()).hasValueSatisfying(address -> {
            assertThat(address.getHostString()).isEqualTo("0.0.0.0");
            assertThat(address.getPort()).isEqualTo(9464);
        });
        env.put("MOSAICOD_METRICS_ADDRESS", "[::1]:0");
        assertThat(load().metrics().address()).hasValueSatisfying(address -> {
            assertThat(address.getHostString()).isEqualTo("::1");
            assertThat(address.getPort()).isZero();
        });
        assertThat(Settings.METRICS_ADDRESS.type().format(load().metrics().address().orElseThrow()))
                .isEqualTo("[::1]:0");
    }

    @Test
    void aMetricsAddressWithoutHostOrPortIsRejected() {
        for (String bad : new String[] {"9464", ":9464", "localhost", "localhost:", "localhost:70000", "::1:9464",
                "local host:9464"}) {
            env.put("MOSAICOD_METRICS_ADDRESS", bad);
            assertThat(error()).as(bad).isEqualTo("invalid value '" + bad + "' for env MOSAICOD_METRICS_ADDRESS:"
                    + " expected host:port (e.g. 127.0.0.1:9464, or 0.0.0.0:9464 for all interfaces; port 0 picks a"
                    + " free port)");
        }
    }

    @Test
    void everyDocumentedDefaultIsTheValueUsed() {
        MosaicodConfig config = load();
        assertThat(Settings.HOST.defaultValue()).contains(config.server().host());
        assertThat(Settings.PORT.defaultValue()).contains(config.server().port());
        assertThat(Settings.GRPC_MAX_DECODE_MESSAGE_SIZE.defaultValue())
                .contains(config.server().grpcMaxDecodeMessageSizeBytes());
        assertThat(Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE.defaultText()).isEqualTo("256000000");
        assertThat(Settings.GRPC_MAX_DECODE_MESSAGE_SIZE.defaultText()).isEqualTo("52428800 (50 MiB)");
        assertThat(Settings.STORE_OPTIMIZER_LEASE_DURATION.defaultText()).isEqualTo("300");
        assertThat(Settings.CLEANUP_RETENTION_DURATION.defaultText()).isEqualTo("86400");
        assertThat(Settings.LOG_FORMAT.defaultText()).isEqualTo("pretty");
        assertThat(Settings.LOG_LEVEL.defaultText()).isEqualTo("info");
        assertThat(Settings.DATA_DIR.defaultText()).isEqualTo("./mosaico-data");
    }

    @Test
    void everySettingIsDocumentedAndNamedConsistently() {
        for (Setting<?> s : Settings.ALL) {
            assertThat(s.env()).startsWith("MOSAICOD_");
            assertThat(s.doc()).as(s.env()).isNotBlank().endsWith(".");
            assertThat(s.defaultText()).as(s.env()).isNotBlank();
            if (s.inConfigFile() && !s.section().startsWith("server") && !s.section().equals("database")) {
                String expectedSuffix = (s.section().equals("logging") ? "LOG_" : "") + s.key();
                assertThat(s.env()).as("env name mirrors the file key").endsWithIgnoringCase(expectedSuffix);
            }
        }
        assertThat(Settings.ALL.stream().flatMap(s -> s.envNames().stream())).as("no variable names two settings")
                .doesNotHaveDuplicates();
        assertThat(Settings.ALL.stream().flatMap(s -> s.fileKeys().stream())).as("no file key names two settings")
                .doesNotHaveDuplicates();
    }

    @Test
    void flagBeatsEnvironmentBeatsFileBeatsDefault() throws IOException {
        configToml("""
                [server]
                port = 7000
                host = "0.0.0.0"
                [store_optimizer]
                max_chunk_size = "64MiB"
                time_interval = 30
                [log]
                level = "debug"
                """);
        env.put("MOSAICOD_PORT", "7001");
        env.put("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "1000");
        flags.put(Settings.PORT, "7002");
        MosaicodConfig config = load();
        assertThat(config.server().port()).as("flag > env > file").isEqualTo(7002);
        assertThat(config.storeOptimizer().maxChunkSizeBytes()).as("env > file").isEqualTo(1000);
        assertThat(config.server().host()).as("file > default").isEqualTo("0.0.0.0");
        assertThat(config.storeOptimizer().timeInterval()).as("file > default").isEqualTo(Duration.ofSeconds(30));
        assertThat(config.log().level()).as("file > default").isEqualTo(LogLevel.DEBUG);
        assertThat(config.log().format()).as("default").isEqualTo(LogFormat.PRETTY);
        assertThat(config.configFile()).contains(dir.resolve("config.toml"));

        flags.clear();
        assertThat(load().server().port()).as("env > file").isEqualTo(7001);
        env.clear();
        assertThat(load().server().port()).as("file").isEqualTo(7000);
        assertThat(load().storeOptimizer().maxChunkSizeBytes()).isEqualTo(64L * 1024 * 1024);
    }

    @Test
    void flagsOverrideEnvironmentForEveryFlaggedSetting() {
        env.put("MOSAICOD_HOST", "10.0.0.1");
        env.put("MOSAICOD_CLEANUP_RETENTION_DURATION", "5");
        env.put("MOSAICOD_CLEANUP_TIME_INTERVAL", "6");
        env.put("MOSAICOD_CLEANUP_SWEEP_INTERVAL", "7");
        env.put("MOSAICOD_LOG_FORMAT", "plain");
        flags.put(Settings.HOST, "10.0.0.2");
        flags.put(Settings.CLEANUP_RETENTION_DURATION, "0");
        flags.put(Settings.CLEANUP_TIME_INTERVAL, "60");
        flags.put(Settings.CLEANUP_SWEEP_INTERVAL, "0");
        flags.put(Settings.LOG_FORMAT, "json");
        MosaicodConfig config = load();
        assertThat(config.server().host()).isEqualTo("10.0.0.2");
        assertThat(config.cleanup()).isEqualTo(new MosaicodConfig.Cleanup(Duration.ofSeconds(60), Duration.ZERO,
                Duration.ZERO));
        assertThat(config.log().format()).isEqualTo(LogFormat.JSON);
    }

    @Test
    void anExplicitConfigFileReplacesTheImplicitOneAndRelativePathsResolveAgainstTheWorkingDirectory()
            throws IOException {
        configToml("data_dir = \"ignored\"\n");
        Files.createDirectories(dir.resolve("etc"));
        Files.writeString(dir.resolve("etc/prod.toml"), "data_dir = \"var/data\"\n[store]\ndir = \"/mnt/store\"\n");
        env.put("MOSAICOD_CONFIG_FILE", "etc/prod.toml");
        MosaicodConfig config = load();
        assertThat(config.configFile()).contains(dir.resolve("etc/prod.toml"));
        assertThat(config.dataDir()).isEqualTo(dir.resolve("var/data"));
        assertThat(config.database().jdbcUrl()).isEqualTo("jdbc:sqlite:" + dir.resolve("var/data/mosaico.db"));
        assertThat(config.store()).isEqualTo(new StoreConfig.Local(Path.of("/mnt/store")));
    }

    @Test
    void postgresCredentialsComeFromTheUrlOrFromTheirOwnSettings() throws IOException {
        env.put("MOSAICOD_DB_URL", "postgresql://alice:s3cret@db.internal:5432/mosaico");
        env.put("MOSAICOD_MAX_DB_CONNECTIONS", "32");
        DatabaseConfig db = load().database();
        assertThat(db.jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:5432/mosaico");
        assertThat(db.user()).contains("alice");
        assertThat(db.password().map(Secret::reveal)).contains("s3cret");
        assertThat(db.maxConnections()).isEqualTo(32);

        Path passwordFile = Files.writeString(dir.resolve("pw"), "from-file\n");
        env.put("MOSAICOD_DB_URL", "postgres://db.internal/mosaico");
        env.put("MOSAICOD_DB_USER", "bob");
        env.put("MOSAICOD_DB_PASSWORD_FILE", passwordFile.toString());
        db = load().database();
        assertThat(db.user()).contains("bob");
        assertThat(db.password().map(Secret::reveal)).as("trailing newline dropped").contains("from-file");
    }

    @Test
    void passwordFileKeyInTheConfigFileIsReadRelativeToTheWorkingDirectory() throws IOException {
        Files.writeString(dir.resolve("pg.secret"), "filed\r\n");
        configToml("""
                [database]
                url = "postgresql://db/m"
                user = "carol"
                password_file = "pg.secret"
                """);
        assertThat(load().database().password().map(Secret::reveal)).contains("filed");
        env.put("MOSAICOD_DB_PASSWORD", "from-env");
        assertThat(load().database().password().map(Secret::reveal)).as("env beats file").contains("from-env");
    }

    @Test
    void aBucketSelectsTheS3Store() throws IOException {
        Path secret = Files.writeString(dir.resolve("s3.secret"), "wJalr\n");
        configToml("""
                [store]
                bucket = "mosaico-data"
                endpoint = "http://127.0.0.1:9000"
                prefix = "/prod/eu/"
                access_key = "AKIA1"
                """);
        env.put("MOSAICOD_STORE_SECRET_KEY_FILE", secret.toString());
        StoreConfig.S3 s3 = (StoreConfig.S3) load().store();
        assertThat(s3.bucket()).isEqualTo("mosaico-data");
        assertThat(s3.endpoint()).contains(URI.create("http://127.0.0.1:9000"));
        assertThat(s3.region()).isEqualTo("us-east-1");
        assertThat(s3.prefix()).isEqualTo("prod/eu");
        assertThat(s3.accessKey()).contains("AKIA1");
        assertThat(s3.secretKey().map(Secret::reveal)).contains("wJalr");
    }

    @Test
    void s3WithoutCredentialsLeavesThemToTheSdkDefaultChain() {
        env.put("MOSAICOD_STORE_BUCKET", "b01");
        env.put("MOSAICOD_STORE_REGION", "eu-west-1");
        StoreConfig.S3 s3 = (StoreConfig.S3) load().store();
        assertThat(s3).isEqualTo(new StoreConfig.S3(Optional.empty(), "b01", "eu-west-1", "", Optional.empty(),
                Optional.empty()));
    }

    @Test
    void emptyEnvironmentVariablesCountAsUnset() {
        env.put("MOSAICOD_PORT", "");
        env.put("MOSAICOD_DB_PASSWORD", "");
        assertThat(load().server().port()).isEqualTo(6726);
    }

    @Test
    void sizesAcceptUnitsEverywhere() throws IOException {
        configToml("[server]\ngrpc_max_decode_message_size = \"1GiB\"\n[store_optimizer]\nmemory_pool_size = 2_000_000\n");
        flags.put(Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE, "1GB");
        MosaicodConfig config = load();
        assertThat(config.server().grpcMaxDecodeMessageSizeBytes()).isEqualTo(1L << 30);
        assertThat(config.storeOptimizer().memoryPoolBytes()).isEqualTo(2_000_000L);
        assertThat(config.storeOptimizer().maxChunkSizeBytes()).isEqualTo(1_000_000_000L);
    }

    // ---- errors: one line, naming the setting, its source and what is accepted ----

    @Test
    void anInvalidFlagValueNamesTheFlag() {
        flags.put(Settings.STORE_OPTIMIZER_MAX_CHUNK_SIZE, "abc");
        assertThat(error()).isEqualTo("invalid value 'abc' for --max-chunk-size: expected a size in bytes >= 1"
                + " (e.g. 256000000 or 256MiB)");
    }

    @Test
    void anInvalidEnvironmentValueNamesTheVariable() {
        env.put("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "0");
        assertThat(error()).isEqualTo("invalid value '0' for env MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE: expected a"
                + " size in bytes >= 1 (e.g. 256000000 or 256MiB)");
    }

    @Test
    void maxAttemptsIsAtLeastOneAndComesFromTheFileOrTheEnvironment() throws IOException {
        configToml("[store_optimizer]\nmax_attempts = 5\n");
        assertThat(load().storeOptimizer().maxAttempts()).isEqualTo(5);
        env.put("MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS", "0");
        assertThat(error()).isEqualTo("invalid value '0' for env MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS: expected an"
                + " integer between 1 and 1000000");
    }

    @Test
    void anInvalidFileValueNamesTheFileLineSectionAndKey() throws IOException {
        configToml("# production\n\n[store_optimizer]\nlease_duration = 60\nmax_chunk_size = -5\n");
        assertThat(error()).isEqualTo("invalid value '-5' for config.toml:5 [store_optimizer] max_chunk_size:"
                + " expected a size in bytes >= 1 (e.g. 256000000 or 256MiB)");
    }

    @Test
    void unknownKeysAndSectionsInTheFileAreErrors() throws IOException {
        configToml("[store_optimizer]\nmax_chunk_sise = 5\n");
        assertThat(error()).startsWith("config.toml:2: unknown key 'max_chunk_sise' in [store_optimizer] (known: ")
                .contains("max_chunk_size");
        configToml("[optimizer]\nmax_chunk_size = 5\n");
        assertThat(error()).startsWith("config.toml:1: unknown section [optimizer]");
        configToml("port = 5\n");
        assertThat(error()).startsWith("config.toml:1: unknown top-level key 'port'");
    }

    @Test
    void malformedTomlNamesTheLine() throws IOException {
        configToml("[server]\nport = = 1\n");
        assertThat(error()).startsWith("config.toml:2: invalid TOML: ");
    }

    @Test
    void aMissingExplicitConfigFileIsAnErrorButAMissingImplicitOneIsNot() {
        assertThat(load().configFile()).isEmpty();
        flags.put(Settings.CONFIG_FILE, "nope.toml");
        assertThat(error()).isEqualTo("config file '" + dir.resolve("nope.toml") + "' given by --config does not exist");
        flags.clear();
        env.put("MOSAICOD_CONFIG_FILE", dir.toString());
        assertThat(error()).isEqualTo("config file '" + dir + "' given by env MOSAICOD_CONFIG_FILE is not a regular file");
    }

    @Test
    void aValueAndItsFileVariantTogetherAreAnError() throws IOException {
        env.put("MOSAICOD_DB_URL", "postgres://db/m");
        env.put("MOSAICOD_DB_PASSWORD", "x");
        env.put("MOSAICOD_DB_PASSWORD_FILE", "/run/secrets/pg");
        assertThat(error()).isEqualTo("both env MOSAICOD_DB_PASSWORD and env MOSAICOD_DB_PASSWORD_FILE are set:"
                + " give the value or a file holding it, not both");
        env.remove("MOSAICOD_DB_PASSWORD");
        env.remove("MOSAICOD_DB_PASSWORD_FILE");
        configToml("[database]\npassword = \"x\"\npassword_file = \"y\"\n");
        assertThat(error()).startsWith("both config.toml:2 [database] password and config.toml:3 [database]"
                + " password_file are set");
    }

    @Test
    void anUnreadableSecretFileIsAnError() {
        env.put("MOSAICOD_DB_URL", "postgres://db/m");
        env.put("MOSAICOD_DB_PASSWORD_FILE", "missing.secret");
        assertThat(error()).isEqualTo("cannot read '" + dir.resolve("missing.secret")
                + "' given by env MOSAICOD_DB_PASSWORD_FILE: no such file");
    }

    @Test
    void badEnumValuesListTheAcceptedOnes() {
        flags.put(Settings.LOG_LEVEL, "trace");
        assertThat(error()).isEqualTo("invalid value 'trace' for --log-level: expected one of warning, info, debug");
        flags.clear();
        env.put("MOSAICOD_LOG_FORMAT", "xml");
        assertThat(error()).isEqualTo("invalid value 'xml' for env MOSAICOD_LOG_FORMAT: expected one of pretty, plain,"
                + " json");
    }

    @Test
    void portsOutOfRangeAreRejected() {
        flags.put(Settings.PORT, "65536");
        assertThat(error()).isEqualTo("invalid value '65536' for --port: expected a TCP port between 0 and 65535"
                + " (0 picks a free port)");
    }

    @Test
    void negativeIntervalsAreRejected() {
        env.put("MOSAICOD_CLEANUP_TIME_INTERVAL", "-1");
        assertThat(error()).isEqualTo("invalid value '-1' for env MOSAICOD_CLEANUP_TIME_INTERVAL: expected a whole"
                + " number of seconds >= 0");
    }

    @Test
    void incompleteS3SettingsAreRejected() {
        env.put("MOSAICOD_STORE_ENDPOINT", "http://minio:9000");
        assertThat(error()).startsWith("env MOSAICOD_STORE_ENDPOINT is an S3 setting but no bucket is set: set"
                + " MOSAICOD_STORE_BUCKET");
        env.put("MOSAICOD_STORE_BUCKET", "b01");
        env.put("MOSAICOD_STORE_ACCESS_KEY", "AKIA");
        assertThat(error()).isEqualTo("env MOSAICOD_STORE_ACCESS_KEY is set but MOSAICOD_STORE_SECRET_KEY is not:"
                + " S3 credentials need both the access key and the secret key");
        env.put("MOSAICOD_STORE_SECRET_KEY", "k");
        env.put("MOSAICOD_STORE_DIR", "/data");
        assertThat(error()).isEqualTo("env MOSAICOD_STORE_DIR and env MOSAICOD_STORE_BUCKET are both set: the store is"
                + " either a local directory or an S3 bucket");
    }

    @Test
    void anUnknownUrlSchemeIsRejectedWithoutShowingThePassword() {
        env.put("MOSAICOD_DB_URL", "mysql://root:hunter2@db/m");
        assertThat(error()).isEqualTo("invalid value 'mysql://root:****@db/m' for env MOSAICOD_DB_URL: expected"
                + " sqlite:PATH, postgresql://[user[:password]@]host[:port]/database (or postgres://), or a"
                + " jdbc:sqlite:/jdbc:postgresql: URL");
    }

    @Test
    void credentialsGivenTwiceOrForSqliteAreRejected() {
        env.put("MOSAICOD_DB_URL", "postgres://u:hunter2@db/m");
        env.put("MOSAICOD_DB_PASSWORD", "hunter3");
        assertThat(error()).isEqualTo("the repository password is given twice, in the URL of env MOSAICOD_DB_URL and"
                + " by env MOSAICOD_DB_PASSWORD: keep one");
        env.remove("MOSAICOD_DB_URL");
        assertThat(error()).isEqualTo("env MOSAICOD_DB_PASSWORD is set but the repository is SQLite (the default),"
                + " which takes no credentials");
    }

    @Test
    void secretsNeverAppearInTheConfigurationsTextNorInErrors() throws IOException {
        env.put("MOSAICOD_DB_URL", "postgresql://alice:hunter2@db/m?password=");
        env.put("MOSAICOD_STORE_BUCKET", "b01");
        env.put("MOSAICOD_STORE_ACCESS_KEY", "AKIA");
        env.put("MOSAICOD_STORE_SECRET_KEY", "hunter3");
        MosaicodConfig config = load();
        assertThat(config.toString()).contains("alice", "AKIA", "****").doesNotContain("hunter2", "hunter3");

        env.put("MOSAICOD_DB_URL", "jdbc:postgresql://db/m?password=hunter2&user=x&password=hunter4");
        assertThat(error()).doesNotContain("hunter2", "hunter4").contains("password=****");
        env.put("MOSAICOD_DB_URL", "postgresql://alice:hunter2@db/m");
        env.put("MOSAICOD_DB_PASSWORD", "hunter4");
        assertThat(error()).doesNotContain("hunter2", "hunter4");
        env.remove("MOSAICOD_DB_PASSWORD");
        env.remove("MOSAICOD_STORE_SECRET_KEY");
        configToml("[store]\nsecret_key = \"hunter5\"\nsecret_key_file = \"/run/secrets/s3\"\n");
        assertThat(error()).doesNotContain("hunter3", "hunter5");
    }

    @Test
    void maxConnectionsMustBePositive() throws IOException {
        configToml("[database]\nmax_connections = 0\n");
        assertThat(error()).isEqualTo("invalid value '0' for config.toml:2 [database] max_connections: expected an"
                + " integer between 1 and 1000");
    }

    @Test
    void nonScalarFileValuesAreRejected() throws IOException {
        configToml("[server]\nport = [1, 2]\n");
        assertThat(error()).isEqualTo("invalid value for config.toml:2 [server] port: expected a TCP port between 0"
                + " and 65535 (0 picks a free port), not a TOML array");
    }
}
