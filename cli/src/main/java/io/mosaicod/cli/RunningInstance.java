package io.mosaicod.cli;

import io.mosaicod.cli.metrics.ProcessMetrics;
import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.MeteredObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.store.StoreAccessException;
import io.mosaicod.tasks.StopSignal;
import io.mosaicod.tasks.instance.InstanceHeartbeat;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every long-running mosaicod process shares (DESIGN.md §2, §8): the repository and the store, its
 * registration in the instance registry with a heartbeat, and orderly stopping. On SIGINT/SIGTERM the
 * {@link #stop()} signal is raised; the JVM's shutdown then waits until the work has wound down and this
 * instance is closed (lease released, deregistered), and exits with code 0.
 */
final class RunningInstance implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunningInstance.class);
    /** How long a stop signal waits for the work to wind down before the process exits anyway. */
    private static final long STOP_GRACE_SECONDS = 120;

    private final ProcessMetrics metrics;
    private final Repository repository;
    private final ObjectStore store;
    private final ScheduledExecutorService scheduler;
    private final InstanceHeartbeat heartbeat;
    private final StopSignal stop = new StopSignal();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread shutdownHook = new Thread(this::stopOnSignal, "mosaicod-stop");

    private RunningInstance(ProcessMetrics metrics, Repository repository, ObjectStore store,
                            ScheduledExecutorService scheduler, InstanceHeartbeat heartbeat) {
        this.metrics = metrics;
        this.repository = repository;
        this.store = store;
        this.scheduler = scheduler;
        this.heartbeat = heartbeat;
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    static RunningInstance start(MosaicodConfig config, InstanceKind kind, boolean oneShot) throws IOException {
        ProcessMetrics metrics = metrics(config, oneShot);
        ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1, r -> {
            Thread t = new Thread(r, "mosaicod-" + kind.label() + "-timer");
            t.setDaemon(true);
            return t;
        });
        Repository repository;
        try {
            repository = Repositories.open(config.database(), metrics.backendErrors());
        } catch (RuntimeException e) {
            metrics.close();
            scheduler.shutdownNow();
            throw e;
        }
        try {
            ObjectStore store = ObjectStores.open(config.store());
            checkAccess(store);
            InstanceHeartbeat heartbeat = InstanceHeartbeat.register(repository.instances(), kind, hostName(),
                    ProcessHandle.current().pid(), oneShot, scheduler);
            return new RunningInstance(metrics, repository, MeteredObjectStore.of(store, metrics.backendErrors()),
                    scheduler, heartbeat);
        } catch (IOException | RuntimeException e) {
            repository.close();
            scheduler.shutdownNow();
            metrics.close();
            throw e;
        }
    }

    /**
     * The endpoint of a process that keeps running; a one-shot pass ends before a scraper would call twice, so
     * it serves none even when an address is set (the same settings often serve every process of a machine).
     */
    private static ProcessMetrics metrics(MosaicodConfig config, boolean oneShot) {
        Optional<InetSocketAddress> address = config.metrics().address();
        if (address.isEmpty()) {
            return ProcessMetrics.off();
        }
        if (oneShot) {
            LOG.debug("no metrics endpoint for a one-shot pass");
            return ProcessMetrics.off();
        }
        return ProcessMetrics.serve(address.get());
    }

    /** A store that cannot be used at all is a configuration mistake: one line naming the setting, no start. */
    static void checkAccess(ObjectStore store) throws IOException {
        try {
            store.checkAccess();
        } catch (StoreAccessException e) {
            store.close();
            throw new ConfigException(e.getMessage());
        }
    }

    /** What the process's parts report their metrics to (no-ops when the endpoint is off). */
    ProcessMetrics metrics() {
        return metrics;
    }

    Repository repository() {
        return repository;
    }

    ObjectStore store() {
        return store;
    }

    long instanceId() {
        return heartbeat.instanceId();
    }

    StopSignal stop() {
        return stop;
    }

    /** Timer thread for lease renewals and heartbeats. */
    ScheduledExecutorService scheduler() {
        return scheduler;
    }

    private void stopOnSignal() {
        LOG.info("Stop requested: finishing the current step, then exiting");
        stop.request();
        try {
            if (!closed.await(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("work did not stop within {} s; exiting anyway", STOP_GRACE_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.err.flush();
        Runtime.getRuntime().halt(ExitCode.OK); // a stop on request is a clean exit, not a 143
    }

    @Override
    public void close() {
        try {
            heartbeat.close();
            scheduler.shutdownNow();
            try {
                store.close();
            } catch (IOException e) {
                LOG.warn("closing the store failed: {}", e.getMessage());
            }
            repository.close();
            metrics.close();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // a stop signal is being handled: the hook exits once we count down below
            }
            closed.countDown();
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
