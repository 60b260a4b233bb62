package io.mosaicod.store;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes one object whose content becomes visible under its key only when {@link #commit()} succeeds.
 * {@link #close()} without a successful commit aborts: nothing becomes visible and the store's temporary
 * data (temp file, multipart upload) is removed. Meant for one thread.
 *
 * <pre>{@code
 * try (ObjectWriter writer = store.newWriter(folder.chunkKey(0))) {
 *     encoder.writeTo(writer.stream());
 *     writer.commit();
 * }
 * }</pre>
 *
 * Closing {@link #stream()} only ends writing (Parquet's writer closes its stream when it finishes a
 * file); it neither publishes nor aborts.
 */
public abstract class ObjectWriter implements Closeable {
    private enum State { OPEN, COMMITTED, ABORTED }

    private final String key;
    private final OutputStream stream = new Stream();
    private long position;
    private boolean streamClosed;
    private State state = State.OPEN;
    /** Whether the temporary data is gone; an abort whose {@link #discard()} failed leaves it for {@link #close()}. */
    private boolean discarded;

    protected ObjectWriter(String key) {
        this.key = key;
    }

    public final String key() {
        return key;
    }

    /** The content of the object. Its {@code close()} does not publish the object. */
    public final OutputStream stream() {
        return stream;
    }

    /** Number of bytes written so far. */
    public final long position() {
        return position;
    }

    /**
     * Ends the content: whatever the writer still buffers goes to the store's temporary data and its buffers are
     * given back, so that a writer waiting for its {@link #commit()} holds no memory; nothing can be appended
     * after. Optional: {@link #commit()} ends the content too. On failure the writer is aborted.
     */
    public final void endContent() throws IOException {
        requireOpen();
        streamClosed = true;
        try {
            writeOut();
        } catch (IOException | RuntimeException e) {
            abort(e);
            throw e;
        }
    }

    /**
     * Publishes the object under its key, replacing any object already there. On failure the temporary
     * data is removed and the writer is closed.
     */
    public final void commit() throws IOException {
        requireOpen();
        try {
            publish();
            state = State.COMMITTED;
        } catch (IOException | RuntimeException e) {
            abort(e);
            throw e;
        }
    }

    /**
     * Aborts unless {@link #commit()} succeeded; idempotent. Also tries once more to remove the temporary data of a
     * writer whose abort could not remove it (a store unreachable at that moment).
     */
    @Override
    public final void close() throws IOException {
        if (state == State.COMMITTED || discarded) {
            return;
        }
        state = State.ABORTED;
        discard();
        discarded = true;
    }

    /** Appends bytes to the temporary data. */
    protected abstract void append(byte[] bytes, int offset, int length) throws IOException;

    /**
     * Moves what is buffered to the temporary data and frees the buffers, for {@link #endContent()}; called at most
     * once, before {@link #publish()}. Writers whose content stays in memory until it is published keep it.
     */
    protected void writeOut() throws IOException {
    }

    /** Makes everything appended visible under the key, atomically. */
    protected abstract void publish() throws IOException;

    /**
     * Removes the temporary data; nothing becomes visible. Must tolerate a half-finished publish, and being called
     * again after it failed.
     */
    protected abstract void discard() throws IOException;

    private void requireOpen() throws IOException {
        if (state != State.OPEN) {
            throw new ObjectStoreException(key, "writer for '" + key + "' is already "
                    + state.name().toLowerCase(java.util.Locale.ROOT), null);
        }
    }

    private void abort(Exception cause) {
        state = State.ABORTED;
        try {
            discard();
            discarded = true;
        } catch (IOException | RuntimeException suppressed) {
            cause.addSuppressed(suppressed);
        }
    }

    private final class Stream extends OutputStream {
        private final byte[] one = new byte[1];

        @Override
        public void write(int b) throws IOException {
            one[0] = (byte) b;
            write(one, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            java.util.Objects.checkFromIndexSize(offset, length, bytes.length);
            if (streamClosed) {
                throw new ObjectStoreException(key, "stream of '" + key + "' is closed", null);
            }
            requireOpen();
            if (length == 0) {
                return;
            }
            try {
                append(bytes, offset, length);
            } catch (IOException | RuntimeException e) {
                abort(e);
                throw e;
            }
            position += length;
        }

        @Override
        public void close() {
            streamClosed = true;
        }
    }
}
