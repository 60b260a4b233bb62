package io.mosaicod.server.ingest;

import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.ClaimedChunks;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.db.UploadClaims;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The second half of storing chunks: recording their rows in the repository. One thread takes every chunk whose
 * object is durable and that waits to be recorded, over all uploads, and records them in one transaction (one
 * commit, one fsync of the database, for as many chunks as arrived meanwhile): the more uploads run at once, the
 * larger the groups, and the cost of a commit is shared instead of paid per chunk.
 */
final class GroupCommit implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommit.class);
    /** Chunks per transaction at most: bounds a transaction's time, hence the wait of the chunks behind it. */
    private static final int MAX_GROUP_CHUNKS = 1024;

    /** An upload whose chunks are recorded: it hears the outcome, on the group commit's thread. */
    interface Upload {
        UploadClaim claim();

        /** Whether the upload still wants its chunks recorded (it has not failed meanwhile). */
        boolean recording();

        /** The repository's answer for {@code chunks}; {@code askedAtNanos}: when the transaction began. */
        void recorded(List<NewChunk> chunks, ChunksAdded outcome, long askedAtNanos);

        /** The transaction failed (the repository is unreachable, say): nothing of the group was recorded. */
        void notRecorded(RuntimeException failure);
    }

    private record Pending(Upload upload, List<NewChunk> chunks) {
    }

    private static final Pending STOP = new Pending(null, List.of());

    private final UploadClaims claims;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread thread;

    GroupCommit(UploadClaims claims) {
        this.claims = claims;
        this.thread = new Thread(this::run, "mosaicod-group-commit");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues an upload's chunks, next in its ordinal order, whose objects are durable. */
    void submit(Upload upload, List<NewChunk> chunks) {
        queue.add(new Pending(upload, List.copyOf(chunks)));
    }

    private void run() {
        List<Pending> group = new ArrayList<>();
        try {
            while (true) {
                Pending first = queue.take();
                if (first == STOP) {
                    return;
                }
                group.add(first);
                int chunks = first.chunks().size();
                for (Pending next; chunks < MAX_GROUP_CHUNKS && (next = queue.peek()) != null && next != STOP; ) {
                    group.add(queue.poll());
                    chunks += next.chunks().size();
                }
                record(group);
                group.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            LOG.error("the group commit stopped; uploads cannot record chunks until the server restarts", e);
            throw e;
        }
    }

    private void record(List<Pending> group) {
        group.removeIf(pending -> !pending.upload().recording());
        if (group.isEmpty()) {
            return;
        }
        List<ClaimedChunks> request = new ArrayList<>(group.size());
        for (Pending pending : group) {
            request.add(new ClaimedChunks(pending.upload().claim(), pending.chunks()));
        }
        long askedAt = System.nanoTime();
        List<ChunksAdded> outcomes;
        try {
            outcomes = claims.addChunks(request);
        } catch (RuntimeException e) {
            for (Pending pending : group) {
                tell(() -> pending.upload().notRecorded(e));
            }
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            Pending pending = group.get(i);
            ChunksAdded outcome = outcomes.get(i);
            tell(() -> pending.upload().recorded(pending.chunks(), outcome, askedAt));
        }
    }

    /** One upload's failure to take its outcome must not keep the others from theirs, nor end this thread. */
    private static void tell(Runnable upload) {
        try {
            upload.run();
        } catch (RuntimeException e) {
            LOG.error("an upload failed to take the outcome of its chunks", e);
        }
    }

    void stopNow() {
        thread.interrupt();
    }

    /** Stops the thread once the chunks queued before are recorded. */
    @Override
    public void close() throws InterruptedException {
        queue.add(STOP);
        thread.join();
    }
}
