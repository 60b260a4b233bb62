package io.mosaicod.db;

import java.time.Duration;

/** Running mosaicod processes (DESIGN.md §8). Times come from the database clock. */
public interface InstanceRegistry {

    /** @return the new instance's id, used as lease owner and in run records */
    long register(InstanceKind kind, String host, long pid, boolean oneShot);

    /** @return false if the instance is no longer registered (purged): the caller should register again */
    boolean heartbeat(long instanceId);

    void deregister(long instanceId);

    /** Every registered instance, oldest first, with the database time to judge liveness against. */
    InstanceSnapshot list();

    /** Forgets instances silent for longer than {@code silence}; returns how many. */
    int purgeSilentFor(Duration silence);
}
