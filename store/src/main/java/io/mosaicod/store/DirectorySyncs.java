package io.mosaicod.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Makes new directory entries durable with as few directory fsyncs as possible. A writer that renamed a file into
 * place needs an fsync of the directory that starts after its rename; when several writers of one directory need
 * one at once (the chunks of one upload written in parallel), the fsync that runs serves every writer that asked
 * before it started, and the others wait for it instead of queueing fsyncs of their own.
 */
final class DirectorySyncs {
    /** One directory's fsyncs: tickets handed out, and the highest ticket a finished fsync covered. */
    private static final class Directory {
        long asked;
        long synced;
        boolean syncing;
        int users;
    }

    /** The fsync itself; tests count them. */
    interface Force {
        void force(Path directory) throws IOException;
    }

    private final Map<Path, Directory> directories = new HashMap<>();
    private final Force force;

    DirectorySyncs() {
        this(directory -> {
            try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
                channel.force(true);
            }
        });
    }

    DirectorySyncs(Force force) {
        this.force = force;
    }

    /** Returns once an fsync of {@code directory} that started after this call has completed. */
    void sync(Path directory) throws IOException {
        Directory state;
        long covers;
        synchronized (this) {
            state = directories.computeIfAbsent(directory, path -> new Directory());
            state.users++;
            long ticket = ++state.asked;
            try {
                while (state.synced < ticket && state.syncing) {
                    wait();
                }
            } catch (InterruptedException e) {
                leave(directory, state);
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for an fsync of " + directory);
            }
            if (state.synced >= ticket) {
                leave(directory, state);
                return;
            }
            state.syncing = true;
            covers = state.asked;
        }
        boolean done = false;
        try {
            force.force(directory);
            done = true;
        } finally {
            synchronized (this) {
                if (done) {
                    state.synced = covers;
                }
                state.syncing = false;
                leave(directory, state);
                notifyAll();
            }
        }
    }

    /** Writers of {@code directory} inside {@link #sync} now, the one running an fsync included. */
    synchronized int users(Path directory) {
        Directory state = directories.get(directory);
        return state == null ? 0 : state.users;
    }

    private void leave(Path directory, Directory state) {
        if (--state.users == 0) {
            directories.remove(directory);
        }
    }
}
