package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad configuration, whether from a flag, an environment variable or config.toml, ends the real entry
 * point with exit code 2 and exactly one line on stderr that names the setting and where it came from.
 */
class BadConfigurationTest {
    @TempDir
    Path dir;

    /** A case: command line, environment, config.toml (null for none), and the texts the error must contain. */
    record Case(String name, List<String> args, Map<String, String> env, String configToml, List<String> mentions) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case flag(String name, String args, String... mentions) {
        return new Case(name, List.of(args.split(" ")), Map.of(), null, List.of(mentions));
    }

    private static Case env(String name, String command, Map<String, String> env, String... mentions) {
        return new Case(name, List.of(command.split(" ")), env, null, List.of(mentions));
    }

    private static Case file(String name, String command, String toml, String... mentions) {
        return new Case(name, List.of(command.split(" ")), Map.of(), toml, List.of(mentions));
    }

    static Stream<Arguments> badConfigurations() {
        return Stream.of(
                flag("unparsable chunk size flag", "store-optimizer --max-chunk-size abc",
                        "invalid value 'abc' for --max-chunk-size: expected a size in bytes >= 1 (e.g. 256000000 or 256MiB)"),
                flag("zero chunk size flag", "store-optimizer --max-chunk-size 0", "'0'", "--max-chunk-size"),
                flag("unknown size unit", "store-optimizer --max-chunk-size 5XB", "'5XB'", "--max-chunk-size"),
                flag("negative interval flag", "cleanup --time-interval -5", "'-5'", "--time-interval", ">= 0"),
                flag("fractional retention flag", "cleanup --retention-duration 1.5", "--retention-duration",
                        "whole number of seconds"),
                flag("port out of range", "server --port 70000", "'70000'", "--port", "between 0 and 65535"),
                flag("port not a number", "server --port http", "--port"),
                flag("bad log format flag", "ps --log-format xml", "--log-format", "pretty, plain, json"),
                flag("bad log level flag", "demo --log-level trace", "--log-level", "warning, info, debug"),
                flag("missing explicit config file", "server --config does-not-exist.toml", "--config",
                        "does not exist"),
                flag("unknown option", "server --prot 5", "--prot", "mosaicod server --help"),
                flag("option of another command", "cleanup --max-chunk-size 5", "--max-chunk-size"),
                flag("missing locator", "topic show", "LOCATOR"),
                flag("missing trusted certificates", "query {} --tls-ca missing.pem", "--tls-ca", "missing.pem"),
                flag("no chunks for the demo", "demo --chunks 0", "--chunks must be at least 1, got 0"),
                flag("negative rows for the demo", "demo --rows -1", "--rows must be at least 1, got -1"),
                flag("missing command", "", "missing command"),
                flag("unknown command", "optimize", "optimize"),
                flag("unparsable interval flag", "store-optimizer --time-interval soon", "'soon'", "--time-interval"),
                env("unparsable lease duration", "store-optimizer", Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "5m"),
                        "env MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "'5m'"),
                env("zero database connections", "cleanup", Map.of("MOSAICOD_MAX_DB_CONNECTIONS", "0"),
                        "env MOSAICOD_MAX_DB_CONNECTIONS", "'0'"),
                env("negative port from env", "server", Map.of("MOSAICOD_PORT", "-1"), "env MOSAICOD_PORT", "'-1'"),
                env("bad env log format", "store-optimizer", Map.of("MOSAICOD_LOG_FORMAT", "xml"),
                        "env MOSAICOD_LOG_FORMAT", "pretty, plain, json"),
                file("negative retention in file", "cleanup", "[cleanup]\nretention_duration = -5\n",
                        "config.toml:2 [cleanup] retention_duration", "'-5'"),
                env("unparsable env size", "store-optimizer", Map.of("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "lots"),
                        "env MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "'lots'"),
                env("negative memory pool", "store-optimizer", Map.of("MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "-1"),
                        "env MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", ">= 0"),
                env("lease too short", "store-optimizer", Map.of("MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "1"),
                        "env MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", ">= 3"),
                env("negative cleanup interval", "cleanup", Map.of("MOSAICOD_CLEANUP_TIME_INTERVAL", "-60"),
                        "env MOSAICOD_CLEANUP_TIME_INTERVAL"),
                env("bad env log level", "server", Map.of("MOSAICOD_LOG_LEVEL", "verbose"), "env MOSAICOD_LOG_LEVEL"),
                env("metrics address without a port", "server", Map.of("MOSAICOD_METRICS_ADDRESS", "0.0.0.0"),
                        "env MOSAICOD_METRICS_ADDRESS", "'0.0.0.0'", "host:port"),
                file("metrics port out of range in file", "cleanup --time-interval 60",
                        "[metrics]\naddress = \"127.0.0.1:99999\"\n", "config.toml:2 [metrics] address", "host:port"),
                env("gRPC limit too large", "server", Map.of("MOSAICOD_GRPC_MAX_DECODE_MESSAGE_SIZE", "4GiB"),
                        "env MOSAICOD_GRPC_MAX_DECODE_MESSAGE_SIZE", "'4GiB'"),
                env("missing config file from env", "server", Map.of("MOSAICOD_CONFIG_FILE", "/nonexistent/c.toml"),
                        "env MOSAICOD_CONFIG_FILE", "does not exist"),
                env("password and password file", "server", Map.of("MOSAICOD_DB_URL", "postgres://db/m",
                                "MOSAICOD_DB_PASSWORD", "hunter2", "MOSAICOD_DB_PASSWORD_FILE", "/run/secrets/pg"),
                        "env MOSAICOD_DB_PASSWORD", "env MOSAICOD_DB_PASSWORD_FILE", "not both"),
                env("unreadable secret file", "server", Map.of("MOSAICOD_STORE_BUCKET", "b01",
                                "MOSAICOD_STORE_ACCESS_KEY", "AKIA", "MOSAICOD_STORE_SECRET_KEY_FILE", "/nonexistent/s3"),
                        "env MOSAICOD_STORE_SECRET_KEY_FILE", "cannot read"),
                env("unknown database scheme", "server", Map.of("MOSAICOD_DB_URL", "mysql://root:hunter2@db/m"),
                        "env MOSAICOD_DB_URL", "mysql://root:****@db/m", "postgresql://"),
                env("S3 endpoint without bucket", "cleanup", Map.of("MOSAICOD_STORE_ENDPOINT", "http://minio:9000"),
                        "env MOSAICOD_STORE_ENDPOINT", "MOSAICOD_STORE_BUCKET"),
                env("S3 access key without secret", "cleanup", Map.of("MOSAICOD_STORE_BUCKET", "b01",
                        "MOSAICOD_STORE_ACCESS_KEY", "AKIA"), "env MOSAICOD_STORE_ACCESS_KEY", "MOSAICOD_STORE_SECRET_KEY"),
                env("bad bucket name", "cleanup", Map.of("MOSAICOD_STORE_BUCKET", "My_Bucket"),
                        "env MOSAICOD_STORE_BUCKET", "bucket name"),
                env("endpoint not http", "cleanup", Map.of("MOSAICOD_STORE_BUCKET", "b01",
                        "MOSAICOD_STORE_ENDPOINT", "minio:9000"), "env MOSAICOD_STORE_ENDPOINT", "http://"),
                file("unknown key in file", "server", "[store_optimizer]\nmax_chunk_sise = 5\n",
                        "config.toml:2", "max_chunk_sise", "[store_optimizer]"),
                file("unknown section in file", "server", "[optimizer]\n", "config.toml:1", "[optimizer]"),
                file("negative size in file", "store-optimizer", "\n[store_optimizer]\nmax_chunk_size = -1\n",
                        "config.toml:3 [store_optimizer] max_chunk_size", "'-1'"),
                file("string where a port goes", "server", "[server]\nport = \"six\"\n",
                        "config.toml:2 [server] port", "'six'"),
                file("invalid TOML", "server", "[server\nport = 1\n", "config.toml:1", "invalid TOML"),
                file("bad max connections in file", "server", "[database]\nmax_connections = 0\n",
                        "config.toml:2 [database] max_connections"),
                file("secret key and its file in file", "server",
                        "[store]\nbucket = \"b01\"\naccess_key = \"A\"\nsecret_key = \"hunter2\"\nsecret_key_file = \"x\"\n",
                        "config.toml:4 [store] secret_key", "config.toml:5 [store] secret_key_file"),
                file("TLS without its files", "server", "[server.tls]\nenabled = true\n",
                        "TLS is enabled (config.toml:2 [server.tls] enabled)", "MOSAICOD_TLS_CERT_FILE"),
                env("TLS certificate file missing", "server", Map.of("MOSAICOD_TLS_ENABLED", "true",
                                "MOSAICOD_TLS_CERT_FILE", "/nonexistent/cert.pem",
                                "MOSAICOD_TLS_PRIVATE_KEY_FILE", "/nonexistent/key.pem"),
                        "the TLS certificate file /nonexistent/cert.pem (MOSAICOD_TLS_CERT_FILE) does not exist"),
                env("two names of one setting", "server", Map.of("MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE", "8MiB",
                        "MOSAICOD_GRPC_MAX_DECODE_MESSAGE_SIZE", "8MiB"), "keep one"),
                file("local dir and bucket", "server", "[store]\ndir = \"/data\"\nbucket = \"b01\"\n",
                        "config.toml:2 [store] dir", "config.toml:3 [store] bucket"))
                .map(Arguments::of);
    }

    @Test
    void aPortAlreadyTakenExits2NamingTheAddressSettingsAndTheCause() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            MainRun run = MainRun.of(dir, new HashMap<>(), "server", "--host", "127.0.0.1", "--port", port);

            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.USAGE);
            assertThat(run.errLines()).singleElement().asString().startsWith("mosaicod: cannot listen on 127.0.0.1:"
                    + port + " (--host/MOSAICOD_HOST, --port/MOSAICOD_PORT): ").containsIgnoringCase("in use");
        }
    }

    @Test
    void aCommandThatOnlyReadsFindsNoRepositoryWithoutCreatingOne() throws IOException {
        for (String command : List.of("topic ls", "ps", "cleanup --dry-run", "api-key list")) {
            MainRun run = MainRun.of(dir, new HashMap<>(), command.split(" "));

            assertThat(run.exitCode()).as(command + ": " + run.err()).isEqualTo(ExitCode.USAGE);
            assertThat(run.errLines()).as(command).singleElement().asString().startsWith("mosaicod: no repository at "
                    + dir.resolve("mosaico-data/mosaico.db")).contains("MOSAICOD_DATA_DIR", "MOSAICOD_DB_URL");
            assertThat(dir.resolve("mosaico-data")).as(command).doesNotExist();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badConfigurations")
    void exitsWithCode2AndOneLineNamingTheSettingAndItsSource(Case c) throws IOException {
        if (c.configToml() != null) {
            Files.writeString(dir.resolve("config.toml"), c.configToml());
        }
        String[] args = c.args().stream().filter(a -> !a.isEmpty()).toArray(String[]::new);
        MainRun run = MainRun.of(dir, new HashMap<>(c.env()), args);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).as("stderr").hasSize(1);
        assertThat(run.err()).startsWith("mosaicod: ").contains(c.mentions()).doesNotContain("hunter2")
                .doesNotContain("Exception");
        assertThat(run.out()).isEmpty();
    }
}
