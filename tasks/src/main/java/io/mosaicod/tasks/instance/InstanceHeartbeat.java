package io.mosaicod.tasks.instance;

import io.mosaicod.core.Availability;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.InstanceRegistry;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this process visible in the instance registry (DESIGN.md §8): registered at start, a heartbeat
 * every 30 s, deregistered on {@link #close()}. {@code ps} judges liveness from the last heartbeat.
 */
public final class InstanceHeartbeat implements AutoCloseable {
    public static final Duration INTERVAL = Duration.ofSeconds(30);
    private static final Logger LOG = LoggerFactory.getLogger(InstanceHeartbeat.class);

    private final InstanceRegistry registry;
    private final long instanceId;
    private final ScheduledFuture<?> beats;

    private InstanceHeartbeat(InstanceRegistry registry, long instanceId, ScheduledExecutorService scheduler,
                              Duration interval) {
        this.registry = registry;
        this.instanceId = instanceId;
        long millis = interval.toMillis();
        this.beats = scheduler.scheduleAtFixedRate(this::beat, millis, millis, TimeUnit.MILLISECONDS);
    }

    public static InstanceHeartbeat register(InstanceRegistry registry, InstanceKind kind, String host, long pid,
                                             boolean oneShot, ScheduledExecutorService scheduler) {
        return register(registry, kind, host, pid, oneShot, scheduler, INTERVAL);
    }

    static InstanceHeartbeat register(InstanceRegistry registry, InstanceKind kind, String host, long pid,
                                      boolean oneShot, ScheduledExecutorService scheduler, Duration interval) {
        long id = registry.register(kind, host, pid, oneShot);
        LOG.debug("registered as instance {} ({} on {}, pid {})", id, kind, host, pid);
        return new InstanceHeartbeat(registry, id, scheduler, interval);
    }

    public long instanceId() {
        return instanceId;
    }

    private void beat() {
        try {
            if (!registry.heartbeat(instanceId)) {
                LOG.warn("instance {} is no longer in the registry (purged after a long silence?)", instanceId);
            }
        } catch (RuntimeException e) {
            // during an outage the repository's own line says so; a line per missed beat would only repeat it
            (Availability.outageBehind(e).isPresent() ? LOG.atDebug() : LOG.atWarn())
                    .log("heartbeat of instance {} failed: {}", instanceId, e.getMessage());
        }
    }

    @Override
    public void close() {
        beats.cancel(false);
        try {
            registry.deregister(instanceId);
        } catch (RuntimeException e) {
            LOG.warn("could not deregister instance {}: {}", instanceId, e.getMessage());
        }
    }
}
