package io.mosaicod.server;

import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.protobuf.services.HealthStatusManager;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How a server stops without cutting off its clients: once draining, the health service answers NOT_SERVING and
 * new uploads (DoPut) are refused with UNAVAILABLE, while running calls — uploads, the actions that finish them,
 * reads — go on until none is open and none has started for a moment, or until the grace period ends. A server
 * with no call open when it starts to drain stops at once. Health checks neither count nor keep it busy.
 */
final class ShutdownDrain implements ServerInterceptor {
    /** A client finishing an upload sends its finalizing action right after: wait this long for such a call. */
    private static final Duration QUIET = Duration.ofSeconds(1);
    private static final String DO_PUT = "arrow.flight.protocol.FlightService/DoPut";

    private final HealthStatusManager health = new HealthStatusManager();
    private final Object lock = new Object();
    private int openCalls;
    private long lastCallNanos = System.nanoTime();
    private volatile boolean draining;

    ShutdownDrain() {
        health.setStatus(HealthStatusManager.SERVICE_NAME_ALL_SERVICES, ServingStatus.SERVING);
    }

    HealthStatusManager health() {
        return health;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        if (call.getMethodDescriptor().getServiceName().equals(HealthGrpc.SERVICE_NAME)) {
            return next.startCall(call, headers);
        }
        if (draining && method.equals(DO_PUT)) {
            call.close(Status.UNAVAILABLE.withDescription("the server is shutting down: upload to another server,"
                    + " or again once this one is back"), new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        opened();
        AtomicBoolean ended = new AtomicBoolean();
        Runnable end = () -> {
            if (ended.compareAndSet(false, true)) {
                closed();
            }
        };
        try {
            return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {
                @Override
                public void onComplete() {
                    try {
                        super.onComplete();
                    } finally {
                        end.run();
                    }
                }

                @Override
                public void onCancel() {
                    try {
                        super.onCancel();
                    } finally {
                        end.run();
                    }
                }
            };
        } catch (RuntimeException | Error e) {
            end.run();
            throw e;
        }
    }

    /**
     * Turns health to NOT_SERVING and new uploads away, then waits until the running calls are done (none open,
     * none started for {@link #QUIET}) or {@code grace} has passed.
     *
     * @return whether the calls finished within the grace period
     */
    boolean drain(Duration grace) throws InterruptedException {
        draining = true;
        health.enterTerminalState();
        long deadline = System.nanoTime() + grace.toNanos();
        synchronized (lock) {
            if (openCalls == 0) {
                return true;
            }
            while (true) {
                long now = System.nanoTime();
                long quietFor = now - lastCallNanos;
                if (openCalls == 0 && quietFor >= QUIET.toNanos()) {
                    return true;
                }
                if (now >= deadline) {
                    return false;
                }
                long wait = openCalls == 0 ? QUIET.toNanos() - quietFor : deadline - now;
                TimeUnit.NANOSECONDS.timedWait(lock, Math.max(1, Math.min(wait, deadline - now)));
            }
        }
    }

    private void opened() {
        synchronized (lock) {
            openCalls++;
            lastCallNanos = System.nanoTime();
        }
    }

    private void closed() {
        synchronized (lock) {
            openCalls--;
            lastCallNanos = System.nanoTime();
            lock.notifyAll();
        }
    }
}
