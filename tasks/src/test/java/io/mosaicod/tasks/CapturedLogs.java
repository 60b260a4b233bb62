package io.mosaicod.tasks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/** Records what a package of the tasks logs (from DEBUG up) while open. */
public final class CapturedLogs implements AutoCloseable {
    private final Logger logger;
    private final Level previousLevel;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    /** @param loggerName the package whose loggers are recorded, e.g. {@code io.mosaicod.tasks.cleanup} */
    public CapturedLogs(String loggerName) {
        logger = (Logger) LoggerFactory.getLogger(loggerName);
        previousLevel = logger.getLevel();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.DEBUG);
    }

    public List<ILoggingEvent> events() {
        return List.copyOf(appender.list);
    }

    public List<String> messages(Level level) {
        return events().stream().filter(e -> e.getLevel() == level).map(ILoggingEvent::getFormattedMessage).toList();
    }

    public ILoggingEvent last() {
        List<ILoggingEvent> events = events();
        return events.get(events.size() - 1);
    }

    public static Map<String, Object> keyValues(ILoggingEvent event) {
        return event.getKeyValuePairs() == null ? Map.of() : event.getKeyValuePairs().stream()
                .collect(Collectors.toMap(pair -> pair.key, pair -> pair.value, (a, b) -> b));
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(previousLevel);
    }
}
