package io.mosaicod.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.search.QueryEngineLimits;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Upstream mosaicod 0.7's configuration loads unchanged (DESIGN.md §3): its file layout, every key and every
 * environment variable, its lookup order; settings of features this build lacks are accepted and reported.
 */
@Tag("fast")
class UpstreamConfigurationTest {
    @TempDir
    Path dir;

    private final Map<String, String> env = new HashMap<>();

    private MosaicodConfig load() {
        return new ConfigLoader(env, dir.resolve("work"), dir.resolve("etc")).load(Map.of());
    }

    @BeforeEach
    void secrets() throws IOException {
        Files.createDirectories(dir.resolve("work"));
        Files.writeString(dir.resolve("work/db.secret"), "db-pw\n");
        Files.writeString(dir.resolve("work/s3.secret"), "s3-sk\n");
    }

    /**
     * An upstream setting: its variable, its file key ({@code section.key}, null for a variable the file cannot
     * set), a value, what the loaded configuration shows of it, and the settings it needs beside it.
     */
    record Upstream(String variable, String fileKey, Object value, Function<MosaicodConfig, Object> effect,
                    Object expected, Map<String, String> context) {
        @Override
        public String toString() {
            return variable;
        }
    }

    private static Upstream row(String variable, String fileKey, Object value, Function<MosaicodConfig, Object> effect,
                                Object expected, String... context) {
        Map<String, String> needs = new HashMap<>();
        for (int i = 0; i < context.length; i += 2) {
            needs.put(context[i], context[i + 1]);
        }
        return new Upstream(variable, fileKey, value, effect, expected, needs);
    }

    /** An upstream setting of a feature this build lacks: the configuration reports its value as not in effect. */
    private static Upstream ignored(String variable, String fileKey, Object value, Object expected) {
        return row(variable, fileKey, value, config -> config.notInEffect().stream()
                .filter(i -> i.setting().env().equals(variable)).map(IgnoredSetting::value).findFirst()
                .orElse("not reported"), expected);
    }

    private static Optional<Object> s3(MosaicodConfig config, Function<StoreConfig.S3, Object> field) {
        return config.store() instanceof StoreConfig.S3 s3 ? Optional.of(field.apply(s3)) : Optional.empty();
    }

    /** Every variable upstream's params.rs reads, with every key of upstream's ConfigFile that sets it. */
    static Stream<Upstream> upstreamSettings() {
        String bucket = "MOSAICOD_STORE_BUCKET";
        String postgres = "MOSAICOD_DB_URL";
        return Stream.of(
                row("MOSAICOD_HOST", "server.host", "0.0.0.0", c -> c.server().host(), "0.0.0.0"),
                row("MOSAICOD_PORT", "server.port", 7726, c -> c.server().port(), 7726),
                row("MOSAICOD_GZIP_ENABLED", "server.gzip_enabled", true, c -> c.server().gzip(), true),
                row("MOSAICOD_API_KEY_ENABLED", "server.api_key_enabled", true, c -> c.server().apiKeyEnabled(), true),
                ignored("MOSAICOD_MAX_BATCH_SIZE", "server.max_batch_size", 4096, 4096),
                ignored("MOSAICOD_DEFAULT_PARALLELISM", "server.default_parallelism", 8, 8),
                row("MOSAICOD_MAX_CONCURRENT_WRITES", "server.max_concurrent_writes", 6,
                        c -> c.server().maxConcurrentWrites(), Optional.of(6)),
                row("MOSAICOD_TLS_ENABLED", "server.tls.enabled", true, c -> c.server().tls().isPresent(), true,
                        "MOSAICOD_TLS_CERT_FILE", "/etc/mosaicod/cert.pem", "MOSAICOD_TLS_PRIVATE_KEY_FILE",
                        "/etc/mosaicod/key.pem"),
                row("MOSAICOD_TLS_CERT_FILE", "server.tls.certificate_file", "/etc/mosaicod/cert.pem",
                        c -> c.server().tls().map(MosaicodConfig.TlsFiles::certificate),
                        Optional.of(Path.of("/etc/mosaicod/cert.pem")), "MOSAICOD_TLS_ENABLED", "true",
                        "MOSAICOD_TLS_PRIVATE_KEY_FILE", "/etc/mosaicod/key.pem"),
                row("MOSAICOD_TLS_PRIVATE_KEY_FILE", "server.tls.private_key_file", "/etc/mosaicod/key.pem",
                        c -> c.server().tls().map(MosaicodConfig.TlsFiles::privateKey),
                        Optional.of(Path.of("/etc/mosaicod/key.pem")), "MOSAICOD_TLS_ENABLED", "true",
                        "MOSAICOD_TLS_CERT_FILE", "/etc/mosaicod/cert.pem"),
                row("MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE", "server.grpc.max_message_size", 67108864,
                        c -> c.server().grpcMaxDecodeMessageSizeBytes(), 67108864L),
                row("MOSAICOD_TARGET_GRPC_ENCODE_MESSAGE_SIZE", "server.grpc.target_encode_message_size", 16777216,
                        c -> c.server().targetEncodeMessageSizeBytes(), 16777216L),
                row(postgres, "database.url", "postgresql://db.internal:5432/mosaico", c -> c.database().jdbcUrl(),
                        "jdbc:postgresql://db.internal:5432/mosaico"),
                row("MOSAICOD_DB_USER", "database.user", "mosaico", c -> c.database().user(), Optional.of("mosaico"),
                        postgres, "postgresql://db/m"),
                row("MOSAICOD_DB_PASSWORD", null, "pw", c -> c.database().password().map(Secret::reveal),
                        Optional.of("pw"), postgres, "postgresql://db/m"),
                row("MOSAICOD_DB_PASSWORD_FILE", "database.password_file", "db.secret",
                        c -> c.database().password().map(Secret::reveal), Optional.of("db-pw"), postgres,
                        "postgresql://db/m"),
                row("MOSAICOD_MAX_DB_CONNECTIONS", "database.max_connections", 19, c -> c.database().maxConnections(),
                        19),
                row("MOSAICOD_STORE_ENDPOINT", "store.endpoint", "http://minio.internal:9000",
                        c -> s3(c, S3 -> S3.endpoint()), Optional.of(Optional.of(URI.create("http://minio.internal:9000"))),
                        bucket, "b01"),
                row(bucket, "store.bucket", "mosaico-fleet", c -> s3(c, StoreConfig.S3::bucket),
                        Optional.of("mosaico-fleet")),
                row("MOSAICOD_STORE_ACCESS_KEY", "store.access_key", "AKIAUPSTREAM", c -> s3(c, StoreConfig.S3::accessKey),
                        Optional.of(Optional.of("AKIAUPSTREAM")), bucket, "b01", "MOSAICOD_STORE_SECRET_KEY", "sk"),
                row("MOSAICOD_STORE_SECRET_KEY", null, "sk", c -> s3(c, S3 -> S3.secretKey().map(Secret::reveal)),
                        Optional.of(Optional.of("sk")), bucket, "b01", "MOSAICOD_STORE_ACCESS_KEY", "AKIA"),
                row("MOSAICOD_STORE_SECRET_KEY_FILE", "store.secret_key_file", "s3.secret",
                        c -> s3(c, S3 -> S3.secretKey().map(Secret::reveal)), Optional.of(Optional.of("s3-sk")), bucket,
                        "b01", "MOSAICOD_STORE_ACCESS_KEY", "AKIA"),
                row("MOSAICOD_QUERY_ENGINE_MEMORY_POOL_SIZE", "query_engine.memory_pool_size", 1073741824,
                        c -> c.queryEngine().memoryPoolBytes(), 1073741824L),
                row("MOSAICOD_MAX_CONCURRENT_CHUNK_QUERIES", "query_engine.max_concurrent_chunk_queries", 2,
                        c -> c.queryEngine().maxConcurrentChunkQueries(), 2),
                row("MOSAICOD_MAX_SIZE_PLAIN_LIST_EQ", "query_engine.max_size_plain_list_eq", 64,
                        c -> c.queryEngine().maxPlainListEqValues(), 64),
                ignored("MOSAICOD_PARQUET_IN_MEMORY_ENCODING_BUFFER_SIZE",
                        "encoding.parquet_in_memory_encoding_buffer_size", 73400320, 73400320L),
                row("MOSAICOD_STORE_OPTIMIZER_TIME_INTERVAL", "store_optimizer.time_interval", 600,
                        c -> c.storeOptimizer().timeInterval(), Duration.ofSeconds(600)),
                row("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "store_optimizer.max_chunk_size", 268435456,
                        c -> c.storeOptimizer().maxChunkSizeBytes(), 268435456L),
                row("MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "store_optimizer.memory_pool_size", 536870912,
                        c -> c.storeOptimizer().memoryPoolBytes(), 536870912L),
                row("MOSAICOD_CLEANUP_TIME_INTERVAL", "cleanup.time_interval", 3600, c -> c.cleanup().timeInterval(),
                        Duration.ofSeconds(3600)),
                row("MOSAICOD_CLEANUP_RETENTION_DURATION", "cleanup.retention_duration", 172800,
                        c -> c.cleanup().retentionDuration(), Duration.ofSeconds(172800)),
                row("MOSAICOD_LOG_LEVEL", "logging.level", "warning", c -> c.log().level(), LogLevel.WARNING),
                row("MOSAICOD_LOG_FORMAT", "logging.format", "json", c -> c.log().format(), LogFormat.JSON));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("upstreamSettings")
    void everyUpstreamVariableIsAcceptedWithItsMeaning(Upstream setting) {
        Object before = setting.effect().apply(load());
        env.putAll(setting.context());
        env.put(setting.variable(), String.valueOf(setting.value()));
        assertThat(setting.effect().apply(load())).isEqualTo(setting.expected()).isNotEqualTo(before);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("upstreamSettings")
    void everyUpstreamKeyIsAcceptedInItsSection(Upstream setting) throws IOException {
        if (setting.fileKey() == null) {
            return;
        }
        Object before = setting.effect().apply(load());
        env.putAll(setting.context());
        int dot = setting.fileKey().lastIndexOf('.');
        Files.writeString(dir.resolve("work/config.toml"), "[" + setting.fileKey().substring(0, dot) + "]\n"
                + setting.fileKey().substring(dot + 1) + " = " + toml(setting.value()) + "\n");
        assertThat(setting.effect().apply(load())).isEqualTo(setting.expected()).isNotEqualTo(before);
    }

    private static String toml(Object value) {
        return value instanceof String text ? "\"" + text + "\"" : String.valueOf(value);
    }

    @Test
    void upstreamsFullExampleFileLoadsUnchanged() throws IOException {
        try (InputStream example = getClass().getResourceAsStream("/upstream/config.toml")) {
            Files.copy(example, dir.resolve("work/config.toml"));
        }
        MosaicodConfig config = load();
        assertThat(config.server().host()).isEqualTo("0.0.0.0");
        assertThat(config.server().port()).isEqualTo(7726);
        assertThat(config.server().grpcMaxDecodeMessageSizeBytes()).isEqualTo(64L << 20);
        assertThat(config.server().maxConcurrentWrites()).contains(6);
        assertThat(config.database().jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:5432/mosaico");
        assertThat(config.database().user()).contains("mosaico");
        assertThat(config.database().password().map(Secret::reveal)).contains("db-pw");
        assertThat(config.database().maxConnections()).isEqualTo(19);
        assertThat(config.store()).isEqualTo(new StoreConfig.S3(Optional.of(URI.create("http://minio.internal:9000")),
                "mosaico-fleet", "us-east-1", "", Optional.of("AKIAUPSTREAM"), Optional.of(new Secret("s3-sk"))));
        assertThat(config.storeOptimizer()).isEqualTo(new MosaicodConfig.StoreOptimizer(Duration.ofSeconds(600),
                256L << 20, 512L << 20, Duration.ofSeconds(300), 3));
        assertThat(config.cleanup()).isEqualTo(new MosaicodConfig.Cleanup(Duration.ofSeconds(3600),
                Duration.ofSeconds(172_800), Duration.ofDays(7)));
        assertThat(config.log()).isEqualTo(new MosaicodConfig.Log(LogFormat.JSON, LogLevel.WARNING));
        assertThat(config.queryEngine()).isEqualTo(new QueryEngineLimits(1L << 30, 4, 1024));
        assertThat(config.server().tls()).as("named, but TLS is not enabled").isEmpty();
        assertThat(config.server().gzip()).isFalse();
        assertThat(config.notInEffect()).extracting(i -> i.source().describe()).containsExactly(
                "config.toml:9 [server] max_batch_size", "config.toml:10 [server] default_parallelism",
                "config.toml:39 [encoding] parquet_in_memory_encoding_buffer_size");
        assertThat(config.server().apiKeyEnabled()).isFalse();
        assertThat(config.notInEffect().get(0).describe()).isEqualTo("config.toml:9 [server] max_batch_size = 4096 is"
                + " accepted but not in effect: a read's batches are sized by MOSAICOD_TARGET_GRPC_ENCODE_MESSAGE_SIZE"
                + " alone");
    }

    @Test
    void upstreamsApiKeySwitchIsInEffect() {
        env.put("MOSAICOD_API_KEY_ENABLED", "TRUE");
        MosaicodConfig config = load();
        assertThat(config.server().apiKeyEnabled()).isTrue();
        assertThat(config.notInEffect()).isEmpty();
        env.put("MOSAICOD_GZIP_ENABLED", "yes");
        assertThatThrownBy(this::load).isInstanceOf(ConfigException.class)
                .hasMessage("invalid value 'yes' for env MOSAICOD_GZIP_ENABLED: expected true or false");
    }

    @Test
    void tlsNeedsBothItsFiles() throws IOException {
        Files.writeString(dir.resolve("work/config.toml"), "[server.tls]\nenabled = true\ncertificate_file = \"c.pem\"\n");
        assertThatThrownBy(this::load).isInstanceOf(ConfigException.class).hasMessage("TLS is enabled (config.toml:2"
                + " [server.tls] enabled) but no private key file is given: set MOSAICOD_TLS_PRIVATE_KEY_FILE"
                + " ([server.tls] private_key_file)");
        env.put("MOSAICOD_TLS_PRIVATE_KEY_FILE", "k.pem");
        assertThat(load().server().tls()).contains(new MosaicodConfig.TlsFiles(dir.resolve("work/c.pem"),
                dir.resolve("work/k.pem")));
    }

    @Test
    void withoutANamedFileTheFirstOfItsPlacesIsRead() throws IOException {
        Path xdg = configFile(dir.resolve("xdg/mosaicod/config.toml"), 1001);
        Path home = configFile(dir.resolve("home/.config/mosaicod/config.toml"), 1002);
        Path system = configFile(dir.resolve("etc/mosaicod/config.toml"), 1003);
        env.put("XDG_CONFIG_HOME", dir.resolve("xdg").toString());
        env.put("HOME", dir.resolve("home").toString());
        assertThat(load().configFile()).contains(xdg);
        assertThat(load().server().port()).isEqualTo(1001);
        Files.delete(xdg);
        assertThat(load().configFile()).as("XDG_CONFIG_HOME set: ~/.config is not looked at").contains(system);
        env.remove("XDG_CONFIG_HOME");
        assertThat(load().configFile()).contains(home);
        Files.delete(home);
        assertThat(load().configFile()).contains(system);
        assertThat(load().server().port()).isEqualTo(1003);
        Path local = configFile(dir.resolve("work/config.toml"), 1004);
        assertThat(load().configFile()).as("the working directory's file first").contains(local);
        Path named = configFile(dir.resolve("named.toml"), 1005);
        env.put("MOSAICOD_CONFIG_FILE", named.toString());
        assertThat(load().server().port()).as("a named file replaces them all").isEqualTo(1005);
        Files.delete(local);
        Files.delete(system);
        env.remove("MOSAICOD_CONFIG_FILE");
        assertThat(load().configFile()).isEmpty();
    }

    private static Path configFile(Path path, int port) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.writeString(path, "[server]\nport = " + port + "\n");
    }

    @Test
    void aSettingGivenByTwoOfItsNamesIsAnError() throws IOException {
        env.put("MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE", "4MiB");
        env.put("MOSAICOD_GRPC_MAX_DECODE_MESSAGE_SIZE", "8MiB");
        assertThatThrownBy(this::load).isInstanceOf(ConfigException.class).hasMessage("env"
                + " MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE and env MOSAICOD_GRPC_MAX_DECODE_MESSAGE_SIZE are the same"
                + " setting (MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE): keep one");
        env.clear();
        Files.writeString(dir.resolve("work/config.toml"), "[log]\nlevel = \"debug\"\n[logging]\nlevel = \"info\"\n");
        assertThatThrownBy(this::load).isInstanceOf(ConfigException.class).hasMessage("config.toml:4 [logging] level"
                + " and config.toml:2 [log] level are the same setting (MOSAICOD_LOG_LEVEL): keep one");
        Files.writeString(dir.resolve("work/config.toml"), "[log]\nlevel = \"debug\"\n");
        assertThat(load().log().level()).as("this build's earlier section still loads").isEqualTo(LogLevel.DEBUG);
    }

    @Test
    void nestedSectionsAreCheckedLikeTheOthers() throws IOException {
        Files.writeString(dir.resolve("work/config.toml"), "[server.tls]\nenable = true\n");
        assertThatThrownBy(this::load).isInstanceOf(ConfigException.class).hasMessage("config.toml:2: unknown key"
                + " 'enable' in [server.tls] (known: certificate_file, enabled, private_key_file)");
        Files.writeString(dir.resolve("work/config.toml"), "[server.http]\nport = 1\n");
        assertThatThrownBy(this::load).isInstanceOf(ConfigException.class)
                .hasMessage("config.toml:1: unknown section [server.http] (known: server.grpc, server.tls)");
    }
}
