package io.mosaicod.server.ingest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytes of record batches that upload streams were allowed to send and that are not stored yet: what all
 * uploads together hold in memory. A stream asks gRPC for its next message only once the budget granted it a
 * reservation, sized by its last batch (the next one's size is unknown until it arrives); once the budget is
 * spent, streams wait in arrival order and gRPC's flow control holds their clients. Nobody blocks a thread.
 *
 * <p>A client between batches (a robot that sends now and then, or one that stalls, or one that opened its upload
 * and sends later) would pin its reservation while others wait; so a reservation whose message has not begun to
 * arrive lapses back to the budget once it is {@code lapseNanos} old while streams wait, and its message, should it
 * come after all, is charged in full when it arrives. A message that has begun (a large batch on a slow link) keeps
 * its reservation however long it takes. Lapsed reservations whose message may still come are bounded by the budget
 * (what all streams can receive stays within twice the budget when their clients wake together), except those
 * unused for {@code abandonNanos}: a crowd of clients that opened uploads and send nothing must not hold every
 * other upload up for as long as they idle. A reservation is granted whenever nothing else is reserved, so a batch
 * larger than the whole budget still passes, alone; and a batch larger than its reservation is charged in full: the
 * budget may be exceeded by these differences.
 */
final class ReceiveBudget {
    /** A stream waiting for a reservation. */
    interface Waiter {
        /** The waiter's reservation was made; called outside the budget's lock. */
        void granted();

        /** Whether the message the reservation is for has begun to arrive; called under the budget's lock. */
        boolean receiving();
    }

    private record Request(Waiter waiter, long bytes) {
    }

    /** A reservation made and whose message has not arrived; its bytes move to {@code lapsed} when it lapses. */
    private static final class Grant {
        long bytes;
        long lapsed;
        final long grantedAtNanos;

        Grant(long bytes, long grantedAtNanos) {
            this.bytes = bytes;
            this.grantedAtNanos = grantedAtNanos;
        }
    }

    private final long limitBytes;
    private final long lapseNanos;
    private final long abandonNanos;
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private final Map<Waiter, Grant> grants = new IdentityHashMap<>();
    private long chargedBytes;
    /** Bytes of lapsed reservations whose message has not arrived. */
    private long lapsedBytes;

    ReceiveBudget(long limitBytes, long lapseNanos, long abandonNanos) {
        if (limitBytes < 1) {
            throw new IllegalArgumentException("receive budget of " + limitBytes + " bytes");
        }
        this.limitBytes = limitBytes;
        this.lapseNanos = lapseNanos;
        this.abandonNanos = abandonNanos;
    }

    /**
     * Reserves {@code bytes} for the next message of {@code waiter}, at once if the budget allows and nobody
     * waits before (returning true), otherwise later: then {@link Waiter#granted} is called.
     */
    boolean reserve(long bytes, Waiter waiter) {
        synchronized (this) {
            if (waiting.isEmpty() && fits(bytes)) {
                grant(waiter, bytes);
                return true;
            }
            waiting.add(new Request(waiter, bytes));
            return false;
        }
    }

    /** The message of {@code waiter}'s reservation arrived, weighing {@code bytes}: they are charged until released. */
    void arrived(Waiter waiter, long bytes) {
        long unused;
        synchronized (this) {
            Grant grant = grants.remove(waiter);
            unused = grant == null ? 0 : grant.bytes;
            if (grant != null) {
                lapsedBytes -= grant.lapsed;
            }
            chargedBytes += bytes;
        }
        release(unused);
    }

    /** Returns bytes to the budget and grants what now fits to the waiters, in their order. */
    void release(long bytes) {
        if (bytes == 0) {
            return;
        }
        List<Waiter> granted;
        synchronized (this) {
            chargedBytes -= bytes;
            granted = admit();
        }
        granted.forEach(Waiter::granted);
    }

    /** The waiter's stream ended: it waits no more, and what it reserved returns to the budget. */
    void cancel(Waiter waiter) {
        long reserved;
        synchronized (this) {
            waiting.removeIf(request -> request.waiter() == waiter);
            Grant grant = grants.remove(waiter);
            reserved = grant == null ? 0 : grant.bytes;
            if (grant != null) {
                lapsedBytes -= grant.lapsed;
            }
        }
        release(reserved);
    }

    /** Lapses the reservations unused for too long while streams wait; called now and then by a timer. */
    void lapseIdle() {
        List<Waiter> granted;
        synchronized (this) {
            if (waiting.isEmpty()) {
                return;
            }
            long now = System.nanoTime();
            for (Map.Entry<Waiter, Grant> entry : grants.entrySet()) {
                Grant grant = entry.getValue();
                long unused = now - grant.grantedAtNanos;
                if (grant.bytes > 0 && unused > lapseNanos && !entry.getKey().receiving()
                        && (lapsedBytes + grant.bytes <= limitBytes || unused > abandonNanos)) {
                    chargedBytes -= grant.bytes;
                    lapsedBytes += grant.bytes;
                    grant.lapsed = grant.bytes;
                    grant.bytes = 0;
                }
            }
            granted = admit();
        }
        granted.forEach(Waiter::granted);
    }

    synchronized long chargedBytes() {
        return chargedBytes;
    }

    private List<Waiter> admit() {
        List<Waiter> granted = new ArrayList<>();
        while (!waiting.isEmpty() && fits(waiting.peek().bytes())) {
            Request next = waiting.poll();
            grant(next.waiter(), next.bytes());
            granted.add(next.waiter());
        }
        return granted;
    }

    private void grant(Waiter waiter, long bytes) {
        chargedBytes += bytes;
        grants.put(waiter, new Grant(bytes, System.nanoTime()));
    }

    private boolean fits(long bytes) {
        return chargedBytes == 0 || chargedBytes + bytes <= limitBytes;
    }
}
