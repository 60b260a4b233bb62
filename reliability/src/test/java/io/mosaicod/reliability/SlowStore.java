package io.mosaicod.reliability;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.store.ObjectInfo;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.testkit.ForwardingSource;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * A real store behind a slow network: every read of a range, whole object or object's size waits
 * {@code perCall}; every object published waits {@code perPublish} (a large upload's last part and its
 * completion). Nothing else changes: the bytes are the real store's.
 */
final class SlowStore extends ForwardingObjectStore {
    private final Duration perCall;
    private final Duration perPublish;

    SlowStore(ObjectStore store, Duration perCall, Duration perPublish) {
        super(store);
        this.perCall = perCall;
        this.perPublish = perPublish;
    }

    private static void pause(Duration latency) throws IOException {
        try {
            Thread.sleep(latency.toMillis()); // the injected latency itself
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the slow store");
        }
    }

    @Override
    public byte[] get(String key) throws IOException {
        pause(perCall);
        return super.get(key);
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        pause(perCall);
        return super.head(key);
    }

    @Override
    public void put(String key, byte[] bytes) throws IOException {
        pause(perPublish);
        super.put(key, bytes);
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        pause(perCall);
        return new ForwardingSource(super.openSource(key)) {
            @Override
            public void readFully(long position, ByteBuffer dst) throws IOException {
                pause(perCall);
                super.readFully(position, dst);
            }
        };
    }

    @Override
    public ObjectWriter newWriter(String key) throws IOException {
        ObjectWriter writer = super.newWriter(key);
        return new ObjectWriter(key) {
            @Override
            protected void append(byte[] bytes, int offset, int length) throws IOException {
                writer.stream().write(bytes, offset, length);
            }

            @Override
            protected void publish() throws IOException {
                pause(perPublish);
                writer.commit();
            }

            @Override
            protected void discard() throws IOException {
                writer.close();
            }
        };
    }
}
