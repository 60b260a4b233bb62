package io.mosaicod.cli.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import io.mosaicod.core.config.LogFormat;
import io.mosaicod.core.config.LogLevel;
import io.mosaicod.core.config.MosaicodConfig;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Configures Logback from the resolved configuration: one stderr appender, levels, a limit on repeated warnings,
 * and the JUL bridge.
 */
public final class LogSetup {
    /** Libraries that log routine detail at INFO; they are kept at WARN unless mosaicod runs at debug. */
    static final List<String> NOISY_LIBRARIES = List.of("org.flywaydb", "software.amazon.awssdk", "io.netty",
            "io.grpc", "org.apache.arrow", "org.apache.parquet", "org.apache.hadoop",
            "org.eclipse.jetty", "org.gaul.s3proxy", "org.jclouds");

    /**
     * The connection pool and the PostgreSQL driver warn about every connection an outage breaks (with advice on
     * the pool's lifetime settings that does not apply, or a stack trace per failed connection attempt); the
     * repository reports the outage itself (one line down, one back), so their warnings are shown at debug only.
     */
    static final List<String> OUTAGE_NOISE = List.of("com.zaxxer.hikari", "org.postgresql");
    /** Longest message a log line shows (a client's 10 MB notification must not become a 10 MB line). */
    static final int MAX_MESSAGE_CHARS = 2000;
    /**
     * gRPC logs every stream its client cancelled or reset as a WARNING with a stack trace; that is what
     * clients do, so it is shown at debug only.
     */
    static final String GRPC_STREAM_ERRORS = "io.grpc.netty.NettyServerHandler";
    /**
     * gRPC's HTTP/2 handlers dump every frame at debug, headers and their values included: the API key of every call.
     * They are kept at INFO at most, at every level, so that no token ever reaches a log line.
     */
    static final List<String> HTTP2_FRAME_DUMPS = List.of(GRPC_STREAM_ERRORS, "io.grpc.netty.NettyClientHandler");
    /** How many times one warning may appear in {@link #REPEAT_WINDOW_SECONDS} before it is counted instead. */
    static final int REPEATS_PER_WINDOW = 10;
    static final long REPEAT_WINDOW_SECONDS = 60;

    private LogSetup() {
    }

    public static void apply(MosaicodConfig.Log log) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        RepeatedWarnings repeats = new RepeatedWarnings(REPEATS_PER_WINDOW,
                TimeUnit.SECONDS.toNanos(REPEAT_WINDOW_SECONDS), System::nanoTime);
        repeats.setContext(context);
        repeats.start();
        context.addTurboFilter(repeats);

        // Forward JUL levels to java.util.logging so disabled JUL records are not even created.
        LevelChangePropagator propagator = new LevelChangePropagator();
        propagator.setContext(context);
        propagator.setResetJUL(true);
        propagator.start();
        context.addListener(propagator);

        Encoder<ILoggingEvent> encoder = encoder(log.format(), new ThrowableText(log.level() == LogLevel.DEBUG));
        encoder.setContext(context);
        encoder.start();
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName("stderr");
        appender.setTarget("System.err");
        appender.setEncoder(encoder);
        appender.start();

        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(level(log.level()));
        root.addAppender(appender);
        HTTP2_FRAME_DUMPS.forEach(name -> context.getLogger(name).setLevel(Level.INFO));
        if (log.level() != LogLevel.DEBUG) {
            NOISY_LIBRARIES.forEach(name -> context.getLogger(name).setLevel(Level.WARN));
            context.getLogger(GRPC_STREAM_ERRORS).setLevel(Level.ERROR);
            OUTAGE_NOISE.forEach(name -> context.getLogger(name).setLevel(Level.ERROR));
        }

        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }

    /** {@code message} cut to {@value #MAX_MESSAGE_CHARS} characters, with a note of how long it was. */
    static String cut(String message) {
        return message == null || message.length() <= MAX_MESSAGE_CHARS ? message
                : message.substring(0, MAX_MESSAGE_CHARS) + "… (" + message.length() + " characters)";
    }

    static Level level(LogLevel level) {
        return switch (level) {
            case WARNING -> Level.WARN;
            case INFO -> Level.INFO;
            case DEBUG -> Level.DEBUG;
        };
    }

    private static Encoder<ILoggingEvent> encoder(LogFormat format, ThrowableText failures) {
        return switch (format) {
            case PRETTY -> new TextEncoder(true, System.console() != null, failures);
            case PLAIN -> new TextEncoder(false, false, failures);
            case JSON -> new JsonEncoder(failures);
        };
    }
}
