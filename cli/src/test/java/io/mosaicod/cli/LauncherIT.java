package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.S3Server;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code bin/mosaicod} as a real process against the packaged jar. A failsafe integration test: in
 * {@code mvn verify} the cli jar and its lib/ exist only after the package phase, which follows surefire's.
 * {@code MOSAICOD_NO_BUILD=1} makes the launcher fail rather than start a nested Maven build, so this also
 * checks that the launcher judges a freshly packaged build up to date.
 */
class LauncherIT {
    private static final Path ROOT = Path.of(System.getProperty("mosaicod.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path workingDir;

    record Result(int exitCode, String out, String err) {
    }

    private Result launch(String... args) throws IOException, InterruptedException {
        return launch(Map.of("MOSAICOD_NO_BUILD", "1"), args);
    }

    private Result launch(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ROOT.resolve("bin/mosaicod").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDir.toFile())
                .redirectOutput(workingDir.resolve("out").toFile()).redirectError(workingDir.resolve("err").toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("MOSAICOD_")
                || name.equals("MALLOC_ARENA_MAX"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("bin/mosaicod finished").isTrue();
        return new Result(process.exitValue(), Files.readString(workingDir.resolve("out"), StandardCharsets.UTF_8),
                Files.readString(workingDir.resolve("err"), StandardCharsets.UTF_8));
    }

    @Test
    void versionPrintsTheProjectVersion() throws Exception {
        Result result = launch("--version");
        assertThat(result.err()).isEmpty();
        assertThat(result.exitCode()).isZero();
        assertThat(result.out().strip()).isEqualTo("mosaicod " + System.getProperty("mosaicod.version"));
    }

    @Test
    void helpListsTheCommands() throws Exception {
        Result result = launch("--help");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("Usage: mosaicod").contains("server", "store-optimizer", "cleanup",
                "topic", "demo", "Exit codes:");
    }

    @Test
    void exitCodeAndStderrOfABadFlagPassThrough() throws Exception {
        Result result = launch("server", "--port", "99999");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines()).containsExactly("mosaicod: invalid value '99999' for --port: expected a"
                + " TCP port between 0 and 65535 (0 picks a free port)");
    }

    @Test
    void oneShotCommandsRunWithTheQuickCompilerOnlyAndTheServerWithBoth() throws Exception {
        Map<String, String> printFlags = Map.of("MOSAICOD_NO_BUILD", "1", "JAVA_OPTS", "-XX:+PrintFlagsFinal");
        assertThat(flag(launch(printFlags, "store-optimizer", "--help"), "TieredStopAtLevel")).isEqualTo("1");
        assertThat(flag(launch(printFlags, "cleanup", "--help"), "TieredStopAtLevel")).isEqualTo("1");
        assertThat(flag(launch(printFlags, "server", "--help"), "TieredStopAtLevel")).isEqualTo("4");

        Map<String, String> overridden = Map.of("MOSAICOD_NO_BUILD", "1",
                "JAVA_OPTS", "-XX:TieredStopAtLevel=4 -XX:+PrintFlagsFinal");
        assertThat(flag(launch(overridden, "store-optimizer", "--help"), "TieredStopAtLevel")).as("JAVA_OPTS wins")
                .isEqualTo("4");
    }

    @Test
    void theCommandIsFoundAfterGlobalOptionsAndTheirValues() throws Exception {
        Map<String, String> printFlags = Map.of("MOSAICOD_NO_BUILD", "1", "JAVA_OPTS", "-XX:+PrintFlagsFinal");
        assertThat(flag(launch(printFlags, "--log-level", "info", "server", "--help"), "TieredStopAtLevel"))
                .isEqualTo("4");
        assertThat(flag(launch(printFlags, "--log-format=plain", "store-optimizer", "--help"), "TieredStopAtLevel"))
                .isEqualTo("1");
    }

    @Test
    void everyCommandRunsOnTheSerialCollectorFromASmallHeap() throws Exception {
        Map<String, String> printFlags = Map.of("MOSAICOD_NO_BUILD", "1", "JAVA_OPTS", "-XX:+PrintFlagsFinal");
        for (String command : List.of("store-optimizer", "cleanup", "server")) {
            Result result = launch(printFlags, command, "--help");
            assertThat(flag(result, "UseSerialGC")).as(command).isEqualTo("true");
            assertThat(flag(result, "UseG1GC")).as(command).isEqualTo("false");
            assertThat(Long.parseLong(flag(result, "InitialHeapSize"))).as(command).isEqualTo(64L << 20);
        }
    }

    /**
     * The server runs with two glibc arenas unless the operator chose otherwise; the other commands with glibc's
     * default (a pass of the optimizer peaked higher with two). Seen by a {@code java} on the PATH that prints
     * what the launcher handed it.
     */
    @Test
    void theServerAloneGetsTwoMallocArenasUnlessTheOperatorSetsThem() throws Exception {
        Path bin = Files.createDirectories(workingDir.resolve("fake-bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"arenas=${MALLOC_ARENA_MAX:-unset}\"\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Map<String, String> fakeJava = new HashMap<>(Map.of("MOSAICOD_NO_BUILD", "1", "MOSAICOD_CLASS_ARCHIVE", "0",
                "PATH", bin + ":" + System.getenv("PATH")));
        assertThat(launch(fakeJava, "server").out().strip()).isEqualTo("arenas=2");
        assertThat(launch(fakeJava, "store-optimizer").out().strip()).isEqualTo("arenas=unset");
        fakeJava.put("MALLOC_ARENA_MAX", "4");
        assertThat(launch(fakeJava, "server").out().strip()).as("the operator's value wins").isEqualTo("arenas=4");
    }

    /** A flag's value in {@code -XX:+PrintFlagsFinal} output, e.g. {@code intx TieredStopAtLevel = 1 {...}}. */
    private static String flag(Result result, String name) {
        assertThat(result.exitCode()).isZero();
        return result.out().lines().filter(line -> line.matches("\\s*\\S+ " + name + "\\s.*")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in -XX:+PrintFlagsFinal output"))
                .replaceAll(".*= *(\\S+).*", "$1");
    }

    @Test
    void sqlitesNativeLibraryIsLoadedFromTheOneExtractedPerBuild() throws Exception {
        Result result = launch(Map.of("MOSAICOD_NO_BUILD", "1", "JAVA_OPTS", "-Xlog:library=info",
                "MOSAICOD_DATA_DIR", workingDir.resolve("data").toString()), "store-optimizer"); // makes the repository
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(ROOT.resolve("cli/target/native/libsqlitejdbc.so")).isNotEmptyFile();
        assertThat(result.out() + result.err()).contains(ROOT.resolve("cli/target/native/libsqlitejdbc.so").toString());
    }

    @Test
    void theClassArchiveIsPreparedOnceAndThenClassesComeFromIt() throws Exception {
        Path archive = ROOT.resolve("cli/target/mosaicod.jsa");
        Files.deleteIfExists(archive);
        Files.deleteIfExists(ROOT.resolve("cli/target/mosaicod.jsa.failed"));

        Result first = launch(Map.of(), "--version"); // the jar is freshly packaged: no build, only the archive
        assertThat(first.exitCode()).isZero();
        assertThat(first.err()).contains("preparing a class archive").doesNotContain("could not", "building");
        assertThat(archive).isNotEmptyFile();

        Result second = launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info"), "--version");
        assertThat(second.exitCode()).isZero();
        assertThat(second.err()).as("prepared once per build").isEmpty();
        assertThat(second.out()).contains("io.mosaicod.cli.Main source: shared objects file");
        Result server = launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info"), "server", "--help");
        assertThat(server.out()).as("the server's compiler settings are not the ones the archive was prepared with")
                .contains("io.mosaicod.cli.Main source: shared objects file");

        Result without = launch(Map.of("JAVA_OPTS", "-Xlog:class+load=info", "MOSAICOD_CLASS_ARCHIVE", "0"),
                "--version");
        assertThat(without.out()).contains("io.mosaicod.cli.Main source: file:");

        Path jar = ROOT.resolve("cli/target/mosaicod.jar");
        Files.setLastModifiedTime(archive, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        Result stale = launch(Map.of("MOSAICOD_NO_BUILD", "1", "JAVA_OPTS", "-Xlog:class+load=info"), "--version");
        assertThat(stale.out()).as("an archive older than the jar is not used")
                .contains("io.mosaicod.cli.Main source: file:");
        Result again = launch(Map.of(), "--version");
        assertThat(again.err()).as("an archive older than the jar is prepared again").contains("preparing a class archive");
    }

    @Test
    void thePackagedCommandsReachS3() throws Exception {
        // the tests' class path has libraries the packaged one lacks: only a packaged run catches a missing one
        String bucket = S3Server.shared().newBucket();
        Map<String, String> environment = new HashMap<>(S3Server.shared().environment(bucket, "launcher"));
        environment.put("MOSAICOD_NO_BUILD", "1");
        environment.put("MOSAICOD_DATA_DIR", workingDir.resolve("data").toString());
        Result result = launch(environment, "cleanup"); // lists the bucket's folders
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out() + result.err()).contains("Cleanup").doesNotContain("Exception", "Error");
    }
}
