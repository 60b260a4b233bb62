package io.mosaicod.cli.metrics;

import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.mosaicod.core.metrics.BackendErrors;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.tasks.cleanup.CleanupMetrics;
import io.mosaicod.tasks.optimizer.OptimizerMetrics;
import java.net.InetSocketAddress;

/**
 * The metrics of one process: either off — every part reports to its no-op — or a Micrometer registry that the
 * parts report to, published on a {@link MetricsEndpoint}. A part's meters are registered when the process asks
 * for its reporter, so a cleanup process shows no upload metrics.
 */
public final class ProcessMetrics implements AutoCloseable {
    private static final ProcessMetrics OFF = new ProcessMetrics(null, null, null);

    private final PrometheusMeterRegistry registry;
    private final MetricsEndpoint endpoint;
    private final JvmGcMetrics gc;

    private ProcessMetrics(PrometheusMeterRegistry registry, MetricsEndpoint endpoint, JvmGcMetrics gc) {
        this.registry = registry;
        this.endpoint = endpoint;
        this.gc = gc;
    }

    public static ProcessMetrics off() {
        return OFF;
    }

    /**
     * Starts the endpoint on {@code address}, with the JVM's own meters (memory, collections, threads, CPU,
     * uptime) beside mosaicod's.
     *
     * @throws io.mosaicod.core.config.ConfigException if nothing can listen on the address
     */
    public static ProcessMetrics serve(InetSocketAddress address) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        JvmGcMetrics gc = new JvmGcMetrics();
        gc.bindTo(registry);
        try {
            return new ProcessMetrics(registry, MetricsEndpoint.start(address, registry), gc);
        } catch (RuntimeException e) {
            gc.close();
            registry.close();
            throw e;
        }
    }

    public BackendErrors backendErrors() {
        return registry == null ? BackendErrors.NONE : new MeteredBackendErrors(registry);
    }

    public ServerMetrics server() {
        return registry == null ? ServerMetrics.NONE : new MeteredServer(registry);
    }

    /** The optimizer's reporter; its queue depth is read from {@code queue} at each scrape. */
    public OptimizerMetrics optimizer(OptimizationQueue queue) {
        return registry == null ? OptimizerMetrics.NONE : new MeteredOptimizer(registry, queue);
    }

    public CleanupMetrics cleanup() {
        return registry == null ? CleanupMetrics.NONE : new MeteredCleanup(registry);
    }

    @Override
    public void close() {
        if (registry != null) {
            endpoint.close();
            gc.close();
            registry.close();
        }
    }
}
