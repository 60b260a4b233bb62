package io.mosaicod.db.memory;

import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.InstanceSnapshot;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;

final class InMemoryInstanceRegistry implements InstanceRegistry {
    private final Tables tables;

    InMemoryInstanceRegistry(Tables tables) {
        this.tables = tables;
    }

    @Override
    public long register(InstanceKind kind, String host, long pid, boolean oneShot) {
        synchronized (tables) {
            Instant now = tables.now();
            Instance instance = new Instance(tables.nextId(), kind, host, pid, now, now, oneShot);
            tables.instances.put(instance.id(), instance);
            return instance.id();
        }
    }

    @Override
    public boolean heartbeat(long instanceId) {
        synchronized (tables) {
            return setLastHeartbeat(instanceId, tables.now());
        }
    }

    /** What the tests on a real database do in SQL: the instance looks silent for {@code age} longer. */
    void backdateHeartbeat(long instanceId, Duration age) {
        synchronized (tables) {
            Instance instance = tables.instances.get(instanceId);
            if (instance != null) {
                setLastHeartbeat(instanceId, instance.lastHeartbeatAt().minus(age));
            }
        }
    }

    private boolean setLastHeartbeat(long instanceId, Instant time) {
        return tables.instances.computeIfPresent(instanceId, (id, i) -> new Instance(i.id(), i.kind(), i.host(),
                i.pid(), i.startedAt(), time, i.oneShot())) != null;
    }

    @Override
    public void deregister(long instanceId) {
        synchronized (tables) {
            tables.instances.remove(instanceId);
        }
    }

    @Override
    public InstanceSnapshot list() {
        synchronized (tables) {
            return new InstanceSnapshot(tables.now(), tables.instances.values().stream()
                    .sorted(Comparator.comparing(Instance::startedAt).thenComparingLong(Instance::id)).toList());
        }
    }

    @Override
    public int purgeSilentFor(Duration silence) {
        synchronized (tables) {
            Instant cutoff = tables.now().minusMillis(silence.toMillis());
            int before = tables.instances.size();
            tables.instances.values().removeIf(i -> i.lastHeartbeatAt().isBefore(cutoff));
            return before - tables.instances.size();
        }
    }
}
