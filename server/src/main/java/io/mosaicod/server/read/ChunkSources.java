package io.mosaicod.server.read;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.store.ObjectStore;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Opens a chunk's object for reading. A small chunk (most are: one client batch each) is fetched whole in one
 * request, since Parquet's footer-then-pages reads would cost an object store several round trips; a large
 * one is read by ranges.
 */
final class ChunkSources {
    /** Chunks up to this size are fetched whole. */
    static final long WHOLE_READ_BYTES = 8L << 20;

    private ChunkSources() {
    }

    static RandomAccessSource open(ObjectStore store, Chunk chunk) throws IOException {
        if (chunk.sizeBytes() > WHOLE_READ_BYTES) {
            return store.openSource(chunk.objectKey());
        }
        return new InMemory(chunk.objectKey(), store.get(chunk.objectKey()));
    }

    /** An object already in memory. */
    private record InMemory(String name, byte[] bytes) implements RandomAccessSource {
        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public void readFully(long position, ByteBuffer dst) throws IOException {
            int length = dst.remaining();
            if (position < 0 || position + length > bytes.length) {
                throw new EOFException("'" + name + "' has " + bytes.length + " bytes; cannot read " + length
                        + " at " + position);
            }
            dst.put(bytes, (int) position, length);
        }

        @Override
        public void close() {
            // nothing to release
        }
    }
}
