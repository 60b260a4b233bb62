package io.mosaicod.cli.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.mosaicod.core.metrics.BackendErrors;
import io.mosaicod.store.MeteredObjectStore;

/** Failed repository and store operations; store failures by operation. */
final class MeteredBackendErrors implements BackendErrors {
    private final Counter repository;
    private final Meter.MeterProvider<Counter> store;

    MeteredBackendErrors(MeterRegistry registry) {
        repository = Counter.builder("mosaicod.repository.errors")
                .description("Repository operations that failed").register(registry);
        store = Counter.builder("mosaicod.store.errors")
                .description("Store operations that failed, by operation (a missing object is no failure)")
                .withRegistry(registry);
        // at zero from the start, so that a rate over them is defined before the first failure
        MeteredObjectStore.OPERATIONS.forEach(operation -> store.withTag("operation", operation));
    }

    @Override
    public void repositoryError() {
        repository.increment();
    }

    @Override
    public void storeError(String operation) {
        store.withTag("operation", operation).increment();
    }
}
