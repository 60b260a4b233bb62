package io.mosaicod.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectorySyncsTest {
    @TempDir
    Path folder;

    /** Seven writers asking while an fsync runs are all served by the one fsync that starts after it. */
    @Test
    void writersThatAskWhileAnFsyncRunsShareTheNextOne() throws Exception {
        AtomicInteger fsyncs = new AtomicInteger();
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        DirectorySyncs syncs = new DirectorySyncs(directory -> {
            if (fsyncs.incrementAndGet() == 1) {
                firstRunning.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        });
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            done.add(writers.submit(() -> {
                syncs.sync(folder);
                return null;
            }));
            assertThat(firstRunning.await(10, TimeUnit.SECONDS)).isTrue();
            for (int w = 0; w < 7; w++) {
                done.add(writers.submit(() -> {
                    syncs.sync(folder);
                    return null;
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (syncs.users(folder) < 8) { // until the seven have taken their tickets and wait for the fsync
                assertThat(System.nanoTime()).as("the seven writers to queue").isLessThan(deadline);
                Thread.onSpinWait();
            }
            release.countDown();
            for (Future<?> writer : done) {
                writer.get(10, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }
        assertThat(fsyncs.get()).isEqualTo(2);
        assertThat(syncs.users(folder)).isZero();
    }

    @Test
    void aWriterAfterAFailedFsyncRunsItsOwn() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        DirectorySyncs syncs = new DirectorySyncs(directory -> {
            if (calls.incrementAndGet() == 1) {
                throw new IOException("disk gone");
            }
        });
        assertThatThrownBy(() -> syncs.sync(folder)).isInstanceOf(IOException.class);
        syncs.sync(folder);
        assertThat(calls.get()).isEqualTo(2);
    }

    /** A new topic folder's entries are synced into their parents, not only the chunk's rename into the last. */
    @Test
    void aWriterCreatingFoldersMakesEachNewEntryDurable() throws Exception {
        List<Path> forced = new CopyOnWriteArrayList<>();
        DirectorySyncs syncs = new DirectorySyncs(forced::add);
        Path target = folder.resolve("tp_new").resolve("data").resolve("00000.parquet");
        LocalObjectWriter writer = LocalObjectWriter.create("tp_new/data/00000.parquet", target,
                OptionalInt.empty(), syncs);
        writer.stream().write(new byte[] {1, 2, 3});
        writer.commit();
        writer.close();
        assertThat(forced).as("the store folder, the topic folder, and the data folder the chunk was renamed into")
                .containsExactlyInAnyOrder(folder, folder.resolve("tp_new"), folder.resolve("tp_new").resolve("data"));
    }
}
