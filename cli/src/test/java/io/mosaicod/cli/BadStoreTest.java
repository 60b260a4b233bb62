package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.testkit.S3Server;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An operator's wrong store settings, each tried on every long-running routine: the process refuses to start
 * with one line naming the setting to fix, instead of printing "ready" and then failing every request.
 */
class BadStoreTest {
    private static final String BUCKET = S3Server.shared().newBucket();

    @TempDir
    Path dataDir;

    static Stream<Arguments> mistakes() throws IOException {
        List<String> commands = List.of("server --port 0", "store-optimizer", "cleanup");
        Map<String, Map<String, String>> settings = Map.of(
                "MOSAICOD_STORE_BUCKET", Map.of("MOSAICOD_STORE_BUCKET", "no-such-bucket"),
                "MOSAICOD_STORE_SECRET_KEY", Map.of("MOSAICOD_STORE_SECRET_KEY", "not-the-secret"),
                "MOSAICOD_STORE_ACCESS_KEY", Map.of("MOSAICOD_STORE_ACCESS_KEY", "NOBODY"),
                "MOSAICOD_STORE_ENDPOINT", Map.of("MOSAICOD_STORE_ENDPOINT", "http://127.0.0.1:" + closedPort()));
        return commands.stream().flatMap(command -> settings.entrySet().stream()
                .map(wrong -> Arguments.of(command, wrong.getKey(), wrong.getValue())));
    }

    @ParameterizedTest(name = "{0} with a wrong {1}")
    @MethodSource("mistakes")
    void theRoutineRefusesToStartWithOneLineNamingTheSetting(String command, String setting, Map<String, String> wrong)
            throws Exception {
        Map<String, String> env = new HashMap<>(S3Server.shared().environment(BUCKET, "fleet"));
        env.put("MOSAICOD_DATA_DIR", dataDir.toString());
        env.putAll(wrong);

        MainRun run = MainRun.of(dataDir, env, command.split(" "));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).hasSize(1).first().asString().contains(setting);
        assertThat(run.out()).doesNotContain("ready");
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(dataDir.resolve("mosaico.db")))) {
            assertThat(repository.instances().list().instances()).as("no instance registered").isEmpty();
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
