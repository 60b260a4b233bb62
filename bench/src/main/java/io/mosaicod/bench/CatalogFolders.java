package io.mosaicod.bench;

import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The store side of a bulk-built catalog: every folder the catalog names, holding what the real topic's folders
 * hold. On a local store each file is a hard link to the real one (a million topics cost inodes, not bytes); on S3
 * each object is a copy of the real one's bytes (a few KB). Folders are written by a few threads while the
 * repository rows are inserted; {@link #close()} waits for the last one and reports the first failure.
 */
final class CatalogFolders implements AutoCloseable {
    /** Writes in flight at most: the catalog's loop must not queue a million folders in memory. */
    private static final int IN_FLIGHT = 256;
    private static final int LINKS_PER_FILE = 50_000;

    private final ObjectStore store;
    private final Path localRoot;
    private final Folder sequenceTemplate;
    private final Folder topicTemplate;
    private final byte[] sequenceMetadata;
    private final byte[] topicMetadata;
    private final List<String> chunkKeys = new ArrayList<>();
    private final List<byte[]> chunks = new ArrayList<>();
    private final Map<String, Path> linkSources = new HashMap<>();
    private final Map<String, Integer> linkCounts = new HashMap<>();
    private final ExecutorService writers;
    private final Semaphore inFlight = new Semaphore(IN_FLIGHT);
    private final AtomicReference<Exception> failure = new AtomicReference<>();

    CatalogFolders(StoreConfig config, CatalogTemplate template) throws IOException {
        this.store = ObjectStores.open(config);
        this.localRoot = config instanceof StoreConfig.Local local ? local.root() : null;
        this.sequenceTemplate = Folder.parse(template.sequenceFolder()).orElseThrow();
        this.topicTemplate = Folder.parse(template.topicFolder()).orElseThrow();
        this.sequenceMetadata = store.get(sequenceTemplate.metadataKey());
        this.topicMetadata = store.get(topicTemplate.metadataKey());
        for (Chunk chunk : template.chunks()) {
            chunkKeys.add(chunk.objectKey());
            chunks.add(store.get(chunk.objectKey()));
        }
        // the disk takes two writers; s3proxy answers each request in a thread of its own
        this.writers = Executors.newFixedThreadPool(localRoot == null ? 16 : 2);
    }

    void addSequence(String name) {
        Folder folder = Folder.parse(name).orElseThrow();
        submit(() -> {
            if (localRoot == null) {
                store.put(folder.metadataKey(), sequenceMetadata);
            } else {
                Files.createDirectories(localRoot.resolve(name));
                link(folder.metadataKey(), sequenceTemplate.metadataKey());
            }
        });
    }

    void addTopic(String name) {
        Folder folder = Folder.parse(name).orElseThrow();
        submit(() -> {
            if (localRoot == null) {
                store.put(folder.metadataKey(), topicMetadata);
                for (int c = 0; c < chunks.size(); c++) {
                    store.put(folder.chunkKey(c), chunks.get(c));
                }
            } else {
                Files.createDirectories(localRoot.resolve(folder.dataPrefix()));
                link(folder.metadataKey(), topicTemplate.metadataKey());
                for (int c = 0; c < chunks.size(); c++) {
                    link(folder.chunkKey(c), chunkKeys.get(c));
                }
            }
        });
    }

    /**
     * A hard link to the template's file, or to the latest copy of it: a file takes at most 65,000 links on ext4, so
     * every {@value #LINKS_PER_FILE}th folder gets a copy of its own, which the next ones link to.
     */
    private void link(String key, String templateKey) throws IOException {
        Path target = localRoot.resolve(key);
        Path source;
        synchronized (linkSources) {
            source = linkSources.computeIfAbsent(templateKey, localRoot::resolve);
            if (linkCounts.merge(templateKey, 1, Integer::sum) % LINKS_PER_FILE == 0) {
                Files.copy(source, target); // under the lock: no other folder links to it before it exists
                linkSources.put(templateKey, target);
                return;
            }
        }
        Files.createLink(target, source);
    }

    private interface Write {
        void run() throws IOException;
    }

    private void submit(Write write) {
        inFlight.acquireUninterruptibly();
        writers.execute(() -> {
            try {
                write.run();
            } catch (IOException | RuntimeException e) {
                failure.compareAndSet(null, e);
            } finally {
                inFlight.release();
            }
        });
    }

    @Override
    public void close() throws Exception {
        writers.shutdown();
        if (!writers.awaitTermination(1, TimeUnit.HOURS)) {
            throw new IllegalStateException("catalog: the store's folders were not written within an hour");
        }
        store.close();
        if (failure.get() != null) {
            throw new IllegalStateException("catalog: a folder could not be written", failure.get());
        }
    }
}
