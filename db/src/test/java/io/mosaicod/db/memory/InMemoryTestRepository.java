package io.mosaicod.db.memory;

import io.mosaicod.db.TestRepository;
import java.time.Duration;
import java.time.Instant;

/** The in-memory repository as a {@link TestRepository}: its clock is moved instead of waited for. */
public final class InMemoryTestRepository implements TestRepository {
    private final InMemoryRepository repository = new InMemoryRepository();

    @Override
    public InMemoryRepository repository() {
        return repository;
    }

    @Override
    public void wipe() {
        synchronized (repository.tables) {
            repository.tables.clear();
        }
    }

    @Override
    public void backdateHeartbeat(long instanceId, Duration age) {
        repository.instances.backdateHeartbeat(instanceId, age);
    }

    @Override
    public void passClock(Instant time) {
        synchronized (repository.tables) {
            repository.tables.moveClockTo(time);
        }
    }

    @Override
    public void close() {
        repository.close();
    }
}
