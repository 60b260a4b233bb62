package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.testkit.ChildMosaicod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real server started with an upstream-style configuration file, named before the command as upstream's
 * command line does: it serves, and says once for each upstream setting it does not act on that it is not in
 * effect.
 */
class UpstreamConfigFileTest {
    @TempDir
    Path dir;

    @Test
    void aServerWithUpstreamsFileServesAndReportsEachSettingNotInEffectOnce() throws Exception {
        Path config = Files.writeString(dir.resolve("config.toml"), """
                [server]
                host = "127.0.0.1"
                port = 0
                gzip_enabled = true
                max_concurrent_writes = 4
                max_batch_size = 4096

                [server.tls]
                enabled = false

                [server.grpc]
                max_message_size = 8388608

                [query_engine]
                max_concurrent_chunk_queries = 2

                [logging]
                level = "info"
                format = "plain"
                """);
        try (ChildMosaicod server = ChildMosaicod.start(Map.of("MOSAICOD_DATA_DIR", dir.resolve("data").toString()),
                "--config", config.toString(), "server")) {
            String listening = server.awaitLog(line -> line.contains("listening on"), Duration.ofMinutes(1));
            Matcher port = Pattern.compile("listening on [^ ]*:(\\d+)").matcher(listening);
            assertThat(port.find()).as(listening).isTrue();
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", Integer.parseInt(port.group(1)))) {
                assertThat(client.info().maxMessageBytes()).as("[server.grpc] max_message_size applies")
                        .isEqualTo(8L << 20);
            }
            assertThat(server.logLines()).filteredOn(line -> line.contains("not in effect")).singleElement()
                    .asString().contains("WARN", "config.toml:6 [server] max_batch_size = 4096");
        }
    }
}
