package io.mosaicod.server.read;

import java.util.ArrayDeque;

/**
 * The DoGet streams parked at once ({@link StreamSender}): each still holds what gRPC queued for its client,
 * a few messages' worth of memory, so there may be only as many as the memory set aside for them allows. When
 * one more parks, the one parked longest is evicted (its stream cancelled): clients that stop reading cannot
 * together pin more than that memory, however many they are.
 */
final class ParkingLot {
    private final int capacity;
    private final ArrayDeque<StreamSender> parked = new ArrayDeque<>();

    ParkingLot(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a parking lot holds at least one stream, not " + capacity);
        }
        this.capacity = capacity;
    }

    /** A lot sized so that {@code budgetBytes} hold the queued messages of every stream parked. */
    static ParkingLot forMemory(long budgetBytes, long queuedBytesPerStream) {
        return new ParkingLot((int) Math.max(4, Math.min(Integer.MAX_VALUE, budgetBytes / queuedBytesPerStream)));
    }

    int capacity() {
        return capacity;
    }

    synchronized void park(StreamSender stream) {
        if (parked.size() >= capacity) {
            parked.pollFirst().evict();
        }
        parked.addLast(stream);
    }

    synchronized void leave(StreamSender stream) {
        parked.remove(stream);
    }
}
