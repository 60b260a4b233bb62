package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.TopicReader;
import io.mosaicod.testkit.ChildMosaicod;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole story through the command line, on the embedded defaults: a real {@code mosaicod server}
 * process, {@code generate} ingesting fragmented topics through it, {@code store-optimizer} rewriting them,
 * reads before and after returning the same rows in time order, {@code ps} seeing the server, and SIGTERM
 * stopping it cleanly.
 */
class EndToEndProcessTest {
    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    @TempDir
    Path data;

    @Test
    void ingestOptimizeAndReadThroughTheCommands() throws Exception {
        Map<String, String> env = Map.of("MOSAICOD_DATA_DIR", data.toString(), "MOSAICOD_LOG_FORMAT", "plain");
        try (ChildMosaicod server = ChildMosaicod.start(env, "server", "--port", "0")) {
            Matcher listening = LISTENING.matcher(server.awaitLog(l -> LISTENING.matcher(l).find(), Duration.ofMinutes(1)));
            assertThat(listening.find()).isTrue();
            int port = Integer.parseInt(listening.group(1));

            MainRun generated = MainRun.of(data, env, "generate", "--server", "127.0.0.1:" + port, "--topics", "3",
                    "--chunks", "12", "--rows", "200", "--overlap", "0.4", "--unsorted", "0.2");
            assertThat(generated.exitCode()).as(generated.err()).isZero();
            assertThat(generated.out()).contains("ingested 3 topics in 1 sequence: 36 chunks, 7200 rows");
            assertThat(MainRun.of(data, env, "ps").out()).contains("server").contains("alive");

            String topic = MainRun.of(data, env, "topic", "ls").out().lines().skip(1).findFirst().orElseThrow()
                    .split("\\s+")[0];
            List<Long> before = timestamps(port, topic);
            assertThat(MainRun.of(data, env, "store-optimizer").exitCode()).isZero();
            List<Long> after = timestamps(port, topic);
            assertThat(after).isSorted().containsExactlyElementsOf(before).hasSize(2400);
            assertThat(MainRun.of(data, env, "topic", "show", topic).out()).contains("optimized", "succeeded");

            server.signal("TERM");
            assertThat(server.awaitExit(Duration.ofMinutes(1))).as(server.log()).isZero();
        }
        assertThat(MainRun.of(data, env(), "ps").out()).doesNotContain("alive");
    }

    private Map<String, String> env() {
        return Map.of("MOSAICOD_DATA_DIR", data.toString());
    }

    /** The topic's timestamps as DoGet streams them. */
    private static List<Long> timestamps(int port, String topic) throws Exception {
        List<Long> stamps = new ArrayList<>();
        try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", port);
             TopicReader reader = client.read(topic, null, null)) {
            while (reader.next()) {
                var ts = reader.batch().getVector("timestamp_ns");
                for (int i = 0; i < reader.batch().getRowCount(); i++) {
                    stamps.add((Long) ts.getObject(i));
                }
            }
        }
        return stamps;
    }
}
