package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandLineTest {
    @TempDir
    Path dir;

    private MainRun run(Map<String, String> env, String... args) {
        return MainRun.of(dir, env, args);
    }

    @Test
    void healthWithNothingListeningSaysSoInOneLine() throws java.io.IOException {
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        MainRun run = run(Map.of(), "health", "--port", Integer.toString(port));

        assertThat(run.exitCode()).isEqualTo(ExitCode.FATAL);
        assertThat(run.errLines()).singleElement().asString()
                .isEqualTo("mosaicod: nothing answers at 127.0.0.1:" + port + " (is the server running, on this port?)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"health --host notahost.invalid|--host/MOSAICOD_HOST",
            "server --host notahost.invalid|--host/MOSAICOD_HOST",
            "generate --server notahost.invalid:6726|--server"})
    void aHostNameThatDoesNotResolveIsAOneLineConfigurationError(String commandAndSettings) {
        String[] parts = commandAndSettings.split("\\|");
        MainRun run = run(Map.of("MOSAICOD_DATA_DIR", dir.resolve("data").toString()), parts[0].split(" "));

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).singleElement().asString()
                .isEqualTo("mosaicod: cannot resolve the host name 'notahost.invalid' (" + parts[1] + ")");
    }

    @ParameterizedTest
    @ValueSource(strings = {"server", "store-optimizer", "topic ls"})
    void aDataFolderThatIsAFileIsAOneLineConfigurationError(String command) throws java.io.IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("data"), "a file");
        MainRun run = run(Map.of("MOSAICOD_DATA_DIR", file.toString()), command.split(" "));

        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).singleElement().asString()
                .isEqualTo("mosaicod: the data folder " + file + " (env MOSAICOD_DATA_DIR) is a file, not a folder");
    }

    @Test
    void versionIsTheProjectVersion() {
        MainRun run = run(Map.of(), "--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().strip()).matches("mosaicod \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?")
                .isEqualTo("mosaicod " + VersionProvider.version());
        assertThat(VersionProvider.version()).doesNotContain("${");
    }

    @Test
    void helpListsEveryCommandAndTheExitCodes() {
        MainRun run = run(Map.of(), "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("server", "store-optimizer", "cleanup", "ps", "topic", "generate", "demo",
                "Exit codes:", "2  bad usage or configuration");
    }

    @ParameterizedTest
    @ValueSource(strings = {"server", "store-optimizer", "cleanup", "ps", "topic ls", "topic show", "topic cat",
            "generate", "demo"})
    void everyCommandOffersTheCommonOptionsWithTheirDefaults(String command) {
        String[] args = (command + " --help").split(" ");
        MainRun run = run(Map.of(), args);
        assertThat(run.exitCode()).isZero();
        for (Setting<?> common : SettingOptions.COMMON) {
            assertThat(run.out()).contains(common.flag().orElseThrow(), "Default: " + common.defaultText(),
                    common.env());
        }
    }

    @Test
    void commandHelpShowsEachFlagsDefaultAndEnvironmentVariable() {
        assertThat(run(Map.of(), "server", "--help").out()).contains("--host=HOST", "Default: 127.0.0.1",
                "--port=PORT", "Default: 6726", "MOSAICOD_PORT");
        assertThat(run(Map.of(), "store-optimizer", "--help").out()).contains("--time-interval=SECONDS",
                "--max-chunk-size=BYTES", "Default: 256000000", "MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE");
        assertThat(run(Map.of(), "cleanup", "--help").out()).contains("--retention-duration=SECONDS",
                "Default: 86400", "MOSAICOD_CLEANUP_TIME_INTERVAL");
        assertThat(run(Map.of(), "ps", "--help").out()).contains("-a, --all", "-v, --verbose");
        assertThat(run(Map.of(), "topic", "cat", "--help").out()).contains("LOCATOR", "--json");
    }

    @Test
    void aFlagOverridesABadEnvironmentValue() {
        Map<String, String> env = Map.of("MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "huge");
        assertThat(run(env, "store-optimizer").errLines()).hasSize(1).first().asString()
                .contains("env MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE");
        MainRun run = run(env, "store-optimizer", "--max-chunk-size", "64MiB");
        assertThat(run.exitCode()).as("configuration accepted: a pass over an empty repository").isEqualTo(ExitCode.OK);
    }

    @Test
    void theGlobalOptionsWorkBeforeAndAfterTheCommand() throws java.io.IOException {
        Path config = java.nio.file.Files.writeString(dir.resolve("fleet.toml"),
                "[store_optimizer]\nmax_chunk_size = \"huge\"\n");
        for (List<String> args : List.of(List.of("--config", config.toString(), "--log-level", "debug", "store-optimizer"),
                List.of("store-optimizer", "--config", config.toString(), "--log-level", "debug"))) {
            MainRun run = run(Map.of(), args.toArray(String[]::new));
            assertThat(run.exitCode()).as("%s", args).isEqualTo(ExitCode.USAGE);
            assertThat(run.errLines()).as("%s", args).hasSize(1).first().asString().contains("fleet.toml");
        }
        MainRun misplaced = run(Map.of(), "--config", config.toString(), "generate", "--help");
        assertThat(misplaced.exitCode()).as("help is answered whatever else is given").isEqualTo(ExitCode.OK);
        assertThat(run(Map.of(), "--log-level", "debug", "help").err())
                .contains("option --log-level does not apply to 'help'");
    }

    @Test
    void theSameFlagNameSetsTheSettingOfItsOwnCommand() {
        // --time-interval is the optimizer's interval under store-optimizer and the cleanup's under cleanup
        Map<String, String> env = Map.of("MOSAICOD_CLEANUP_TIME_INTERVAL", "bad");
        assertThat(run(env, "store-optimizer", "--time-interval", "5").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run(env, "cleanup", "--time-interval", "0").exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void debugLoggingOfTheConfigurationShowsNoSecret() {
        java.io.ByteArrayOutputStream logs = new java.io.ByteArrayOutputStream();
        java.io.PrintStream originalErr = System.err;
        System.setErr(new java.io.PrintStream(logs, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            MainRun run = run(Map.of("MOSAICOD_DB_URL", "postgresql://alice:hunter2@db/m",
                    "MOSAICOD_STORE_BUCKET", "b01", "MOSAICOD_STORE_ACCESS_KEY", "AKIA",
                    "MOSAICOD_STORE_SECRET_KEY", "hunter3"), "ps", "--log-level", "debug", "--log-format", "json");
            assertThat(run.exitCode()).isEqualTo(ExitCode.FATAL);
        } finally {
            System.setErr(originalErr);
        }
        String logged = logs.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(logged).contains("\"level\":\"DEBUG\"", "alice", "AKIA", "jdbc:postgresql://db/m")
                .doesNotContain("hunter2", "hunter3");
    }

    @Test
    void everyFlaggedSettingIsOfferedBySomeCommand() {
        List<Setting<?>> offered = new java.util.ArrayList<>(SettingOptions.COMMON);
        offered.addAll(new ServerCommand(null).flaggedSettings());
        offered.addAll(new StoreOptimizerCommand(null).flaggedSettings());
        offered.addAll(new CleanupCommand(null).flaggedSettings());
        for (Setting<?> s : Settings.ALL) {
            assertThat(offered.contains(s)).as(s.env()).isEqualTo(s.flag().isPresent());
        }
    }
}
