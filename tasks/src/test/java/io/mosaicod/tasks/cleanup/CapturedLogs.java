package io.mosaicod.tasks.cleanup;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.LoggerFactory;

/** Records what the cleanup package logs (from DEBUG up) while open. */
final class CapturedLogs implements AutoCloseable {
    private final Logger logger = (Logger) LoggerFactory.getLogger("io.mosaicod.tasks.cleanup");
    private final Level previousLevel = logger.getLevel();
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    CapturedLogs() {
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.DEBUG);
    }

    List<ILoggingEvent> events() {
        return List.copyOf(appender.list);
    }

    List<String> messages(Level level) {
        return events().stream().filter(e -> e.getLevel() == level).map(ILoggingEvent::getFormattedMessage).toList();
    }

    ILoggingEvent last() {
        List<ILoggingEvent> events = events();
        return events.get(events.size() - 1);
    }

    static Map<String, Object> keyValues(ILoggingEvent event) {
        return event.getKeyValuePairs() == null ? Map.of() : event.getKeyValuePairs().stream()
                .collect(Collectors.toMap(pair -> pair.key, pair -> pair.value, (a, b) -> b));
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        logger.setLevel(previousLevel);
    }
}
