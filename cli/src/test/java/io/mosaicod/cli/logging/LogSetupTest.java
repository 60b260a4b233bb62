package io.mosaicod.cli.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.core.config.LogFormat;
import io.mosaicod.core.config.LogLevel;
import io.mosaicod.core.config.MosaicodConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

@Tag("fast")
class LogSetupTest {
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void captureStderr() {
        originalErr = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(originalErr);
    }

    private List<String> lines() {
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void jsonLinesCarryTimestampLevelLoggerMessageAndKeyValuePairs() throws Exception {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.JSON, LogLevel.INFO));
        Logger log = LoggerFactory.getLogger("io.mosaicod.tasks.Optimizer");
        log.atInfo().addKeyValue("topic", "run42/imu").addKeyValue("chunks", 2000).addKeyValue("ok", true)
                .log("optimized \"{}\"\nin {} s", "run42/imu", 3);
        log.warn("failed", new IllegalStateException("lease lost"));

        List<String> lines = lines();
        assertThat(lines).hasSize(2);
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertThat(first.get("ts").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        assertThat(first.get("level").asText()).isEqualTo("INFO");
        assertThat(first.get("logger").asText()).isEqualTo("io.mosaicod.tasks.Optimizer");
        assertThat(first.get("msg").asText()).isEqualTo("optimized \"run42/imu\"\nin 3 s");
        assertThat(first.get("topic").asText()).isEqualTo("run42/imu");
        assertThat(first.get("chunks").isNumber()).isTrue();
        assertThat(first.get("chunks").asLong()).isEqualTo(2000);
        assertThat(first.get("ok").isBoolean()).isTrue();
        JsonNode second = new ObjectMapper().readTree(lines.get(1));
        assertThat(second.get("error").asText()).contains("IllegalStateException: lease lost", "\tat ");
    }

    @Test
    void levelsFilterAndNoisyLibrariesAreQuietUnlessDebug() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.WARNING));
        LoggerFactory.getLogger("io.mosaicod.x").info("hidden info");
        LoggerFactory.getLogger("io.mosaicod.x").warn("shown warning");
        assertThat(lines()).singleElement().asString().contains("WARN", "io.mosaicod.x", "shown warning");

        captured.reset();
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.INFO));
        LoggerFactory.getLogger("org.flywaydb.core.Flyway").info("flyway chatter");
        LoggerFactory.getLogger("io.mosaicod.x").atInfo().addKeyValue("topics", 3).log("ours");
        assertThat(lines()).singleElement().asString().endsWith("INFO  io.mosaicod.x: ours topics=3");

        captured.reset();
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.DEBUG));
        LoggerFactory.getLogger("org.flywaydb.core.Flyway").debug("flyway detail");
        assertThat(lines()).singleElement().asString().contains("flyway detail");
    }

    /**
     * gRPC's warning of a client's oversized message came with a 38-line stack trace, each time: a library's failure
     * is its own words on its one line, and the trace only at debug; mosaicod's own keep their trace.
     */
    @Test
    void aLibrarysWarningIsOneLineWithItsFailuresWordsUnlessDebug() throws Exception {
        RuntimeException oversized = new IllegalStateException("Exception processing message",
                new RuntimeException("RESOURCE_EXHAUSTED: gRPC message exceeds maximum size 104857600: 120000000"));
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.INFO));
        java.util.logging.Logger.getLogger("io.grpc.netty.NettyServerStream").log(java.util.logging.Level.WARNING,
                "Exception processing message", oversized);
        assertThat(lines()).singleElement().asString().contains("WARN", "io.grpc.netty.NettyServerStream",
                "(Exception processing message: RESOURCE_EXHAUSTED: gRPC message exceeds maximum size")
                .doesNotContain("IllegalStateException");

        captured.reset();
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.JSON, LogLevel.WARNING));
        LoggerFactory.getLogger("io.grpc.netty.NettyServerStream").warn("Exception processing message", oversized);
        LoggerFactory.getLogger("io.mosaicod.x").warn("a bug", new IllegalStateException("lease lost"));
        List<String> lines = lines();
        assertThat(lines).hasSize(2);
        assertThat(new ObjectMapper().readTree(lines.get(0)).get("error").asText())
                .isEqualTo("Exception processing message: RESOURCE_EXHAUSTED: gRPC message exceeds maximum size"
                        + " 104857600: 120000000");
        assertThat(new ObjectMapper().readTree(lines.get(1)).get("error").asText()).contains("\tat ");

        captured.reset();
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.DEBUG));
        LoggerFactory.getLogger("io.grpc.netty.NettyServerStream").warn("Exception processing message", oversized);
        assertThat(lines()).hasSizeGreaterThan(3).anySatisfy(line -> assertThat(line).startsWith("\tat "));
    }

    @Test
    void javaUtilLoggingIsRoutedThroughTheSameOutput() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.JSON, LogLevel.INFO));
        java.util.logging.Logger.getLogger("org.example.Jul").info("from jul");
        java.util.logging.Logger.getLogger("org.example.Jul").fine("too fine");
        assertThat(lines()).singleElement().asString().contains("\"logger\":\"org.example.Jul\"", "from jul");
    }

    @Test
    void prettyLinesAreShortAndUncolouredWithoutATerminal() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PRETTY, LogLevel.INFO));
        LoggerFactory.getLogger("io.mosaicod.tasks.Cleanup").info("done");
        // surefire's forked JVM has no console, so no colour codes
        assertThat(lines()).singleElement().asString().matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  Cleanup: done");
    }

    @Test
    void aMessageQuotingClientTextStaysOneBoundedLineThatForgesNothing() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.INFO));
        String forged = "oops\n2026-12-01T00:00:00Z ERROR io.mosaicod.server: database corrupted\u001b[31m";
        LoggerFactory.getLogger("io.mosaicod.x").info("notification: {}", forged);
        LoggerFactory.getLogger("io.mosaicod.x").info("notification: {}", "x".repeat(10_000_000));
        List<String> lines = lines();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).contains("oops\\n2026-12-01T00:00:00Z ERROR", "\\u001b[31m")
                .doesNotContain("\u001b");
        assertThat(lines.get(1)).hasSizeLessThan(LogSetup.MAX_MESSAGE_CHARS + 200).endsWith("(10000014 characters)");

        captured.reset();
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.JSON, LogLevel.INFO));
        LoggerFactory.getLogger("io.mosaicod.x").info("notification: {}", "x".repeat(10_000_000));
        assertThat(lines()).singleElement().asString().hasSizeLessThan(LogSetup.MAX_MESSAGE_CHARS + 300);
    }

    @Test
    void streamsTheirClientsResetAreNotLoggedUnlessDebug() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.INFO));
        java.util.logging.Logger.getLogger(LogSetup.GRPC_STREAM_ERRORS).log(java.util.logging.Level.WARNING,
                "Stream Error", new IllegalStateException("Stream closed before write could take place"));
        assertThat(lines()).isEmpty();
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.DEBUG));
        java.util.logging.Logger.getLogger(LogSetup.GRPC_STREAM_ERRORS).log(java.util.logging.Level.WARNING,
                "Stream Error", new IllegalStateException("Stream closed before write could take place"));
        assertThat(lines()).first().asString().contains("Stream Error");
    }

    @Test
    void http2FrameDumpsWhichShowEveryHeaderAreNeverLogged() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.DEBUG));
        for (String handler : LogSetup.HTTP2_FRAME_DUMPS) {
            LoggerFactory.getLogger(handler).debug("INBOUND HEADERS: mosaico-api-key-token: msco_secret");
            LoggerFactory.getLogger(handler).warn("Stream Error");
        }
        assertThat(lines()).hasSize(2).allSatisfy(line -> assertThat(line).contains("Stream Error"));
    }

    /** A warning repeated a thousand times appears ten times a window, then as one line counting the rest. */
    @Test
    void repeatedWarningsAreCountedInsteadOfLoggedPastTheirLimit() {
        LogSetup.apply(new MosaicodConfig.Log(LogFormat.PLAIN, LogLevel.INFO));
        long[] now = {0};
        RepeatedWarnings repeats = new RepeatedWarnings(10, 60_000_000_000L, () -> now[0]);
        ch.qos.logback.classic.LoggerContext context =
                (ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory();
        context.getTurboFilterList().clear();
        context.addTurboFilter(repeats);
        repeats.start();
        Logger log = LoggerFactory.getLogger("io.mosaicod.x");
        for (int i = 0; i < 1000; i++) {
            log.warn("refused connection {}", i);
            if (i % 100 == 0) {
                log.warn("another warning");
                log.info("info is never limited {}", i);
            }
        }
        assertThat(lines()).filteredOn(line -> line.contains("refused connection")).hasSize(10);
        assertThat(lines()).filteredOn(line -> line.contains("another warning")).hasSize(10);
        assertThat(lines()).filteredOn(line -> line.contains("info is never limited")).hasSize(10);

        captured.reset();
        now[0] += 60_000_000_000L;
        log.warn("refused connection {}", 1000);
        assertThat(lines()).hasSize(2);
        assertThat(lines().get(0)).endsWith("WARN  io.mosaicod.x: 990 more lines like \"refused connection {}\" were"
                + " not logged (at most 10 every 60 s)");
        assertThat(lines().get(1)).endsWith("WARN  io.mosaicod.x: refused connection 1000");
    }
}
