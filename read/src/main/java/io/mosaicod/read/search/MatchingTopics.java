package io.mosaicod.read.search;

import io.mosaicod.core.Failures;
import io.mosaicod.db.Chunk;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.cluster.Cluster;
import io.mosaicod.read.search.TopicSearch.Candidate;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One judgement of which candidate topics have a matching row, and with spans asked for, of the times of their
 * first and last matching rows. The work is a queue of every candidate's surviving chunks, in candidate order,
 * that workers take one at a time, so candidates are judged roughly in order. A chunk that can no longer change
 * its candidate's answer is dropped, unread: once the candidate matches, or, for a span, once the span found so
 * far covers the chunk's times.
 */
final class MatchingTopics {
    private final TopicSearch search;
    private final List<Candidate> candidates;
    private final boolean spans;
    /** Guarded by {@code this}, as are the fields below. */
    private final BitSet matched = new BitSet();
    /** With spans: each candidate's first and last matching time so far; first > last while it has none. */
    private final long[] first;
    private final long[] last;
    private final ArrayDeque<Job> queue = new ArrayDeque<>();
    private Throwable failure;

    private record Job(int candidate, Chunk chunk) {
    }

    MatchingTopics(TopicSearch search, List<Candidate> candidates, boolean spans) {
        this.search = search;
        this.candidates = candidates;
        this.spans = spans;
        this.first = new long[spans ? candidates.size() : 0];
        this.last = new long[first.length];
        Arrays.fill(first, Long.MAX_VALUE);
        Arrays.fill(last, Long.MIN_VALUE);
    }

    /** Runs up to {@code workers} workers on {@code threads} until every chunk is judged or dropped; the matches. */
    TopicMatches judge(ExecutorService threads, int workers) throws IOException {
        List<List<Chunk>> survivors = search.survivors(candidates);
        for (int c = 0; c < survivors.size(); c++) {
            for (Chunk chunk : spans ? outsideIn(survivors.get(c)) : survivors.get(c)) {
                queue.add(new Job(c, chunk));
            }
        }
        List<Future<?>> running = new ArrayList<>();
        for (int i = Math.min(workers, queue.size()); i > 0; i--) {
            running.add(threads.submit(this::work));
        }
        try {
            for (Future<?> worker : running) {
                BackgroundThreads.await(worker, "judging chunks for a search");
            }
        } finally {
            running.forEach(worker -> worker.cancel(true)); // only still running when waiting failed
        }
        synchronized (this) {
            if (failure != null) {
                throw Failures.rethrow(failure, "judging chunks for a search");
            }
            List<Optional<Cluster>> found = new ArrayList<>();
            for (int c = 0; c < first.length; c++) {
                found.add(first[c] <= last[c] ? Optional.of(new Cluster(first[c], last[c])) : Optional.empty());
            }
            return new TopicMatches(matched, found);
        }
    }

    /**
     * A candidate's chunks in the order that spares most of them when its span is sought: alternately the
     * earliest-starting and the latest-ending of those left, so that the span found in the first few covers the
     * chunks in between (chunks without time statistics first, as they can never be skipped).
     */
    private static List<Chunk> outsideIn(List<Chunk> chunks) {
        List<Chunk> byStart = new ArrayList<>(chunks);
        byStart.sort(Comparator.comparingLong(c -> c.minTimestampNs().orElse(Long.MIN_VALUE)));
        List<Chunk> byEnd = new ArrayList<>(chunks);
        byEnd.sort(Comparator.comparingLong((Chunk c) -> c.maxTimestampNs().orElse(Long.MAX_VALUE)).reversed());
        Set<Chunk> order = new LinkedHashSet<>();
        for (int i = 0; order.size() < chunks.size(); i++) {
            order.add(byStart.get(i));
            order.add(byEnd.get(i));
        }
        return List.copyOf(order);
    }

    private void work() {
        for (Job job = next(); job != null; job = next()) {
            try {
                if (spans) {
                    widen(job);
                } else if (matches(job)) {
                    matched(job.candidate);
                }
            } catch (IOException | RuntimeException | Error e) {
                failed(e);
            }
        }
    }

    /** Reads the chunk until a row matches, or until another worker finds the candidate matching. */
    private boolean matches(Job job) throws IOException {
        try (ChunkScan scan = search.scan(job.chunk, candidates.get(job.candidate).conditions())) {
            while (!isMatched(job.candidate) && scan.nextBatch()) {
                if (scan.matcher().firstMatch(scan.batch()) >= 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Reads the whole chunk, widening the candidate's span to the times of its matching rows; a matching row
     * without a time makes the candidate match but has no time to give.
     */
    private void widen(Job job) throws IOException {
        boolean any = false;
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        try (ChunkScan scan = search.scan(job.chunk, candidates.get(job.candidate).conditions())) {
            while (scan.nextBatch()) {
                VectorSchemaRoot batch = scan.batch();
                long[] rows = scan.matcher().matches(batch);
                BigIntVector time = (BigIntVector) batch.getVector(ChunkScan.TIME_COLUMN);
                for (int w = 0; w < (batch.getRowCount() + 63) >>> 6; w++) {
                    for (long bits = rows[w]; bits != 0; bits &= bits - 1) {
                        int row = (w << 6) + Long.numberOfTrailingZeros(bits);
                        any = true;
                        if (!time.isNull(row)) {
                            earliest = Math.min(earliest, time.get(row));
                            latest = Math.max(latest, time.get(row));
                        }
                    }
                }
            }
        }
        if (any) {
            widened(job.candidate, earliest, latest);
        }
    }

    /** The next chunk that can still change its candidate's answer; null when none is left or a worker failed. */
    private synchronized Job next() {
        while (failure == null) {
            Job job = queue.poll();
            if (job == null || !settled(job)) {
                return job;
            }
        }
        return null;
    }

    /**
     * Whether reading the chunk could not change its candidate's answer: without spans, once the candidate
     * matches; with them, once its span covers the chunk's times.
     */
    private boolean settled(Job job) {
        int c = job.candidate;
        if (!spans) {
            return matched.get(c);
        }
        Chunk chunk = job.chunk;
        return chunk.minTimestampNs().isPresent() && chunk.maxTimestampNs().isPresent()
                && chunk.minTimestampNs().getAsLong() >= first[c] && chunk.maxTimestampNs().getAsLong() <= last[c];
    }

    private synchronized boolean isMatched(int candidate) {
        return matched.get(candidate);
    }

    private synchronized void matched(int candidate) {
        matched.set(candidate);
    }

    private synchronized void widened(int candidate, long earliest, long latest) {
        matched.set(candidate);
        first[candidate] = Math.min(first[candidate], earliest);
        last[candidate] = Math.max(last[candidate], latest);
    }

    private synchronized void failed(Throwable e) {
        if (failure == null) {
            failure = e;
        }
    }
}
