package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.ChildMosaicod;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mosaicod query} against a real {@code mosaicod server} holding what {@code generate} ingested. */
class QueryCommandTest {
    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    @TempDir
    Path data;

    @Test
    void printsTheMatchingTopicsAsATableOrJsonAndRefusesABadFilterWithOneLine() throws Exception {
        Map<String, String> env = Map.of("MOSAICOD_DATA_DIR", data.toString(), "MOSAICOD_LOG_FORMAT", "plain");
        try (ChildMosaicod server = ChildMosaicod.start(env, "server", "--port", "0")) {
            Matcher listening = LISTENING.matcher(server.awaitLog(l -> LISTENING.matcher(l).find(), Duration.ofMinutes(1)));
            assertThat(listening.find()).isTrue();
            String address = "127.0.0.1:" + listening.group(1);
            MainRun generated = MainRun.of(data, env, "generate", "--server", address, "--sequences", "2", "--topics",
                    "3", "--chunks", "1", "--rows", "1", "--prefix", "run");
            assertThat(generated.exitCode()).as(generated.err()).isZero();
            String imuDrivers = "{\"topic\":{\"user_metadata\":{\"driver.name\":{\"$eq\":\"imu-driver\"}}}}";

            MainRun table = MainRun.of(data, env, "query", imuDrivers, "--server", address);
            assertThat(table.exitCode()).as(table.err()).isZero();
            assertThat(table.out().lines()).containsExactly("SEQUENCE  TOPIC         ONTOLOGY TAG",
                    "run_0000  run_0000/imu  imu", "run_0001  run_0001/imu  imu");

            MainRun json = MainRun.of(data, env, "query", "{\"sequence\":{\"name\":{\"$eq\":\"run_0001\"}},"
                    + "\"topic\":{\"serialization_format\":{\"$eq\":\"ragged\"}}}", "--json", "--server", address);
            assertThat(json.exitCode()).as(json.err()).isZero();
            assertThat(json.out().replaceAll("\\s", "")).isEqualTo("{\"items\":[{\"sequence\":\"run_0001\","
                    + "\"topics\":[{\"locator\":\"run_0001/lidar/points\",\"ontology_tag\":\"lidar\"}]}]}");

            MainRun refused = MainRun.of(data, env, "query", "{\"topic\":{\"name\":{\"$lt\":\"m\"}}}", "--server",
                    address);
            assertThat(refused.exitCode()).isEqualTo(ExitCode.USAGE);
            assertThat(refused.errLines()).singleElement().asString().startsWith(
                    "mosaicod: the server refused the filter: Bad request: operator $lt is not supported on"
                            + " `topic.name`, a text field.");
        }
    }

    @Test
    void aMissingFilterIsAUsageError() {
        MainRun run = MainRun.of(data, Map.of("MOSAICOD_DATA_DIR", data.toString()), "query");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).singleElement().asString().contains("FILTER_JSON");
    }
}
