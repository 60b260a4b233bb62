package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.testkit.ChildMosaicod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code mosaicod api-key} on the embedded defaults through the real entry point, and a real server process that
 * requires keys: only key holders get through ({@code generate} with a key from the environment or a file), health
 * checks need none, and the whole debug log of the server and of a client holds no token.
 */
class ApiKeyCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TOKEN = Pattern.compile("msco_([a-z0-9]{32})_([0-9a-f]{8})");

    @TempDir
    Path data;

    private Map<String, String> env() {
        return Map.of("MOSAICOD_DATA_DIR", data.toString(), "MOSAICOD_LOG_LEVEL", "warning");
    }

    private MainRun run(String... args) {
        return MainRun.of(data, env(), args);
    }

    /** Runs {@code api-key create ...}; returns the token it printed, checking it printed nothing else. */
    private String create(String... options) {
        String[] args = Stream.concat(Stream.of("api-key", "create"), Stream.of(options)).toArray(String[]::new);
        MainRun created = run(args);
        assertThat(created.exitCode()).as(created.err()).isZero();
        String token = created.out().strip();
        assertThat(token).matches(TOKEN.pattern());
        assertThat(created.err()).as("the token is shown on standard output only").doesNotContain(token)
                .contains("created API key " + fingerprint(token));
        return token;
    }

    private static String fingerprint(String token) {
        return token.substring(token.length() - 8);
    }

    private static String payload(String token) {
        return token.substring(5, 37);
    }

    @Test
    void createShowsTheTokenOnceAndListStatusRevokeAndPurgeManageTheKeys() throws Exception {
        String writer = create("--permissions", "read|write", "-d", "robot r17 uploads", "--expires-in", "P90D");
        String admin = create("--permissions", "manage", "--expires-at",
                Instant.now().plus(Duration.ofDays(1)).toString());
        String uploader = fingerprint(writer);

        MainRun list = run("api-key", "list");
        assertThat(list.exitCode()).as(list.err()).isZero();
        assertThat(list.out()).contains("FINGERPRINT", "PERMISSIONS", "STATE", "LAST USED", "DESCRIPTION", uploader,
                fingerprint(admin), "read|write", "manage", "active", "robot r17 uploads", "in 89d 23h", "never");
        JsonNode keys = JSON.readTree(run("api-key", "list", "--json").out());
        assertThat(keys).hasSize(2);
        assertThat(keys.get(0).get("fingerprint").asText()).isEqualTo(uploader);
        assertThat(keys.get(0).get("permissions")).hasToString("[\"read\",\"write\"]");
        assertThat(keys.get(0).get("state").asText()).isEqualTo("active");
        assertThat(keys.get(0).get("last_used_at").isNull()).isTrue();
        assertThat(Instant.parse(keys.get(0).get("expires_at").asText()))
                .isBetween(Instant.now().plus(Duration.ofDays(89)), Instant.now().plus(Duration.ofDays(91)));

        MainRun status = run("api-key", "status", uploader);
        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(status.out()).contains("state        active", "permissions  read|write",
                "description  robot r17 uploads", "revoked      no", "last used    never");
        assertThat(JSON.readTree(run("api-key", "status", uploader, "--json").out()).get("description").asText())
                .isEqualTo("robot r17 uploads");

        MainRun revoke = run("api-key", "revoke", uploader);
        assertThat(revoke.exitCode()).as(revoke.err()).isZero();
        assertThat(revoke.out().strip()).isEqualTo("revoked " + uploader + " (read|write, \"robot r17 uploads\")");
        assertThat(run("api-key", "status", uploader).out()).contains("state        revoked");

        MainRun purge = run("api-key", "purge");
        assertThat(purge.out().strip()).isEqualTo("purged 1 revoked or expired API key: " + uploader);
        assertThat(run("api-key", "list").out()).doesNotContain(uploader).contains(fingerprint(admin));
        assertThat(run("api-key", "purge").out().strip()).isEqualTo("no revoked or expired API key to purge");

        for (MainRun shown : List.of(list, status, revoke, purge)) {
            assertThat(shown.out() + shown.err()).doesNotContain(payload(writer), payload(admin));
        }
    }

    static Stream<Arguments> mistakes() {
        String token = "msco_" + "a".repeat(32) + "_00000000";
        return Stream.of(
                Arguments.of(List.of("create"), "missing --permissions"),
                Arguments.of(List.of("create", "--permissions", "read|admin"), "'admin' is no permission"),
                Arguments.of(List.of("create", "--permissions", "read", "--expires-in", "P1D", "--expires-at",
                        "2099-01-01T00:00:00Z"), "give --expires-in or --expires-at, not both"),
                Arguments.of(List.of("create", "--permissions", "read", "--expires-in", "90 days"),
                        "invalid value '90 days' for --expires-in"),
                Arguments.of(List.of("create", "--permissions", "read", "--expires-in", "P999999999Y"),
                        "invalid value 'P999999999Y' for --expires-in: too far in the future"),
                Arguments.of(List.of("create", "--permissions", "read", "--expires-at", "2020-01-01T00:00:00Z"),
                        "which is not after now"),
                Arguments.of(List.of("status", "1A2B3C4D"), "'1A2B3C4D' is no fingerprint"),
                Arguments.of(List.of("status", token), "that is a token, not a fingerprint"),
                Arguments.of(List.of("status", "00000000"), "no API key with fingerprint 00000000"),
                Arguments.of(List.of("revoke"), "missing FINGERPRINT"),
                Arguments.of(List.of("revoke", "00000000"), "no API key with fingerprint 00000000"));
    }

    @ParameterizedTest(name = "api-key {0}")
    @MethodSource("mistakes")
    void aMistakeIsOneLineAndExitCode2(List<String> args, String saying) {
        create("--permissions", "read"); // a repository for the commands that only read one
        MainRun mistaken = run(Stream.concat(Stream.of("api-key"), args.stream()).toArray(String[]::new));
        assertThat(mistaken.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(mistaken.errLines()).singleElement().asString().startsWith("mosaicod: ").contains(saying)
                .doesNotContain(payload("msco_" + "a".repeat(32) + "_00000000"));
        assertThat(mistaken.out()).isEmpty();
    }

    @Test
    void theDemoAsksForAKeyWhenTheServerRequiresOne() {
        Map<String, String> keysOn = new HashMap<>(env());
        keysOn.put("MOSAICOD_API_KEY_ENABLED", "true");
        MainRun demo = MainRun.of(data, keysOn, "demo");
        assertThat(demo.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(demo.errLines()).singleElement().asString().contains("API keys are required", "MOSAICO_API_KEY",
                "--api-key-file");
    }

    @Test
    void aServerRequiringKeysServesOnlyKeyHoldersAndNoLogLineHoldsAToken() throws Exception {
        String token = create("--permissions", "write", "-d", "generator");
        Path keyFile = Files.writeString(data.resolve("generator.key"), token + "\n");
        Map<String, String> serverEnv = new HashMap<>(Map.of("MOSAICOD_DATA_DIR", data.toString(),
                "MOSAICOD_API_KEY_ENABLED", "true"));
        try (ChildMosaicod server = ChildMosaicod.start(serverEnv, "server", "--port", "0", "--log-level", "debug")) {
            String listening = server.awaitLog(line -> line.contains("listening on"), Duration.ofMinutes(1));
            assertThat(listening).contains("API keys required");
            assertThat(server.awaitLog(line -> line.contains("API keys are required"), Duration.ofSeconds(10)))
                    .contains("WARN", "the Flight port speaks plain text");
            Matcher port = Pattern.compile("listening on [^ ]*:(\\d+)").matcher(listening);
            assertThat(port.find()).isTrue();
            String target = "127.0.0.1:" + port.group(1);
            String[] generate = {"generate", "--server", target, "--sequences", "1", "--topics", "1", "--chunks", "2",
                "--rows", "10"};

            MainRun keyless = run(generate);
            assertThat(keyless.exitCode()).isEqualTo(ExitCode.FATAL);
            assertThat(keyless.err()).contains("PERMISSION_DENIED", "Missing API key");

            Map<String, String> clientEnv = new HashMap<>(env());
            clientEnv.put("MOSAICO_API_KEY", token);
            clientEnv.put("MOSAICOD_LOG_LEVEL", "debug");
            try (ChildMosaicod client = ChildMosaicod.start(clientEnv, concat(generate, "--prefix", "from_env"))) {
                assertThat(client.awaitExit(Duration.ofMinutes(1))).as(client.log()).isZero();
                assertThat(client.log()).doesNotContain(token, payload(token));
            }
            MainRun fromFile = run(concat(generate, "--prefix", "from_file", "--api-key-file", keyFile.toString()));
            assertThat(fromFile.exitCode()).as(fromFile.err()).isZero();

            MainRun health = run("health", "--port", port.group(1));
            assertThat(health.out().strip()).isEqualTo("SERVING");

            String log = server.log();
            assertThat(log).as("the server logged at debug").contains("DEBUG");
            assertThat(log).doesNotContain(token, payload(token));
        }
        MainRun used = run("api-key", "status", fingerprint(token));
        assertThat(used.out()).doesNotContain("last used    never");
    }

    private static String[] concat(String[] first, String... more) {
        return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
    }
}
