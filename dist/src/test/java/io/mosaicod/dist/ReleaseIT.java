package io.mosaicod.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.ChildMosaicod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release as an operator installs it: unpacked with {@code tar} into an empty folder, run from there with a
 * PATH that holds a Java runtime and the shell's tools but no Maven, far from any source tree. A failsafe test:
 * the archive exists only after the package phase.
 */
class ReleaseIT {
    private static final String VERSION = System.getProperty("mosaicod.version");
    private static final Path ARCHIVE = Path.of(System.getProperty("mosaicod.release"));
    /** What the launcher and tar call, linked one by one into the PATH the release runs with. */
    private static final List<String> TOOLS = List.of("bash", "env", "dirname", "stat", "mkdir", "find", "mktemp", "mv",
            "rm", "touch", "flock", "unzip", "uname", "cat", "tar", "gzip");

    @TempDir
    static Path scratch;
    private static Path home;
    private static Map<String, String> env;

    @BeforeAll
    static void unpackIntoAnEmptyFolder() throws Exception {
        Path installed = Files.createDirectories(scratch.resolve("opt"));
        env = new HashMap<>(Map.of("PATH", toolsOnly(), "HOME", scratch.resolve("home").toString(),
                "XDG_CACHE_HOME", scratch.resolve("cache").toString()));
        assertThat(run(installed, "tar", "xzf", ARCHIVE.toString()).exitCode).isZero();
        home = installed.resolve("mosaicod-" + VERSION);
        Files.createDirectories(scratch.resolve("work"));
    }

    @Test
    void theArchivesHoldTheLauncherTheJarTheExampleConfigurationAndTheLicences() throws IOException {
        for (String file : List.of("bin/mosaicod", "lib/mosaicod.jar", "config.example.toml", "LICENSE", "NOTICE",
                "README.md", "docs/store-optimizer.md")) {
            assertThat(home.resolve(file)).as(file).isRegularFile();
        }
        assertThat(Files.isExecutable(home.resolve("bin/mosaicod"))).isTrue();
        // the release's own README: what it needs and how it starts, not the source tree's Maven and tests
        assertThat(Files.readString(home.resolve("README.md"))).contains("mosaicod " + VERSION, "Java 17", "`stat`")
                .doesNotContain("mvn ", "cli/target/mosaicod.jar", "${project.version}");
        Path zip = ARCHIVE.resolveSibling("mosaicod-" + VERSION + ".zip");
        try (ZipFile archive = new ZipFile(zip.toFile())) {
            assertThat(archive.getEntry("mosaicod-" + VERSION + "/lib/mosaicod.jar")).isNotNull();
            assertThat(archive.getEntry("mosaicod-" + VERSION + "/bin/mosaicod")).isNotNull();
        }
    }

    @Test
    void noticeNamesEveryLibraryTheJarBundles() throws IOException {
        String notice = Files.readString(home.resolve("NOTICE"));
        TreeSet<String> missing = new TreeSet<>();
        try (ZipFile jar = new ZipFile(home.resolve("lib/mosaicod.jar").toFile())) {
            for (ZipEntry entry : jar.stream().filter(e -> e.getName().matches("META-INF/maven/[^/]+/[^/]+/pom.properties"))
                    .toList()) {
                Properties pom = new Properties();
                pom.load(jar.getInputStream(entry));
                String coordinate = pom.getProperty("groupId") + ":" + pom.getProperty("artifactId");
                if (!coordinate.startsWith("io.mosaicod:") && !notice.contains(coordinate + " ")) {
                    missing.add(coordinate);
                }
            }
        }
        assertThat(missing).as("bundled but not in NOTICE (regenerate it with dist/tools/notice.py)").isEmpty();
    }

    @Test
    void aServerTakesAnUploadWhichTheOptimizerThenRewritesAllFromTheRelease() throws Exception {
        Path work = scratch.resolve("work");
        Path launcher = home.resolve("bin/mosaicod");
        assertThat(run(work, "bash", "-c", "command -v mvn").exitCode).as("no Maven on the release's PATH").isNotZero();

        Result version = run(work, launcher.toString(), "--version");
        assertThat(version.exitCode).as(version.err).isZero();
        assertThat(version.out.strip()).isEqualTo("mosaicod " + VERSION);
        try (Stream<Path> cached = Files.walk(scratch.resolve("cache/mosaicod"))) {
            assertThat(cached.map(p -> p.getFileName().toString())).as("the class archive, prepared on first use")
                    .contains("mosaicod.jsa");
        }

        try (ChildMosaicod server = ChildMosaicod.launch(launcher, env, work, "server", "--port", "0")) {
            String listening = server.awaitLog(line -> line.contains("listening on"), Duration.ofMinutes(2));
            Matcher port = Pattern.compile("listening on [^ ]*:(\\d+)").matcher(listening);
            assertThat(port.find()).as(listening).isTrue();
            Result upload = run(work, launcher.toString(), "generate", "--server", "127.0.0.1:" + port.group(1),
                    "--sequences", "1", "--topics", "2", "--chunks", "12", "--rows", "40");
            assertThat(upload.exitCode).as(upload.err).isZero();
            server.signal("TERM");
            assertThat(server.awaitExit(Duration.ofMinutes(1))).isZero();
        }

        Result optimizer = run(work, launcher.toString(), "store-optimizer");
        assertThat(optimizer.exitCode).as(optimizer.err).isZero();
        assertThat(optimizer.err).contains("Optimized topic");
        Result topics = run(work, launcher.toString(), "topic", "ls", "--json");
        assertThat(topics.exitCode).as(topics.err).isZero();
        assertThat(Pattern.compile("\"optimization\"\\s*:\\s*\"optimized\"").matcher(topics.out).results())
                .as(topics.out).hasSize(2);
        assertThat(work.resolve("mosaico-data/mosaico.db")).as("the embedded defaults, in the working folder")
                .isRegularFile();
    }

    @Test
    void aCacheFolderGivenRelativeToTheWorkingFolderGetsItsClassArchive() throws Exception {
        Path work = Files.createDirectories(scratch.resolve("relative"));
        Map<String, String> relative = new HashMap<>(env);
        relative.put("MOSAICOD_CACHE_DIR", "launcher-cache");
        Result version = run(work, relative, home.resolve("bin/mosaicod").toString(), "--version");
        assertThat(version.exitCode).as(version.err).isZero();
        assertThat(version.err).doesNotContain("could not prepare the class archive");
        assertThat(work.resolve("launcher-cache/mosaicod.jsa")).isNotEmptyFile();
    }

    /** A folder of links to the tools the release may use, and the Java runtime's own folder. */
    private static String toolsOnly() throws Exception {
        Path tools = Files.createDirectories(scratch.resolve("tools"));
        for (String tool : TOOLS) {
            Result found = run(scratch, "bash", "-c", "command -v " + tool);
            if (found.exitCode == 0) {
                Files.createSymbolicLink(tools.resolve(tool), Path.of(found.out.strip()));
            }
        }
        return tools + ":" + Path.of(System.getProperty("java.home"), "bin");
    }

    private record Result(int exitCode, String out, String err) {
    }

    private static Result run(Path workingDir, String... command) throws Exception {
        return run(workingDir, env, command);
    }

    private static Result run(Path workingDir, Map<String, String> environment, String... command) throws Exception {
        Path out = Files.createTempFile(scratch, "out", ".txt");
        Path err = Files.createTempFile(scratch, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(workingDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        if (environment != null) {
            builder.environment().clear();
            builder.environment().putAll(environment);
        }
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as(String.join(" ", command) + " finished").isTrue();
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
