package io.mosaicod.read.search;

import io.mosaicod.core.Failures;
import io.mosaicod.db.Chunk;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.search.TopicSearch.Candidate;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * One judgement of which candidate topics have a matching row. The work is a queue of every candidate's
 * surviving chunks, in candidate order, that workers take one at a time, so candidates are judged roughly in
 * order and a candidate found matching has its remaining chunks dropped, unread.
 */
final class MatchingTopics {
    private final TopicSearch search;
    private final List<Candidate> candidates;
    /** Guarded by {@code this}, as are the fields below. */
    private final BitSet matched = new BitSet();
    private final ArrayDeque<Job> queue = new ArrayDeque<>();
    private Throwable failure;

    private record Job(int candidate, Chunk chunk) {
    }

    MatchingTopics(TopicSearch search, List<Candidate> candidates) {
        this.search = search;
        this.candidates = candidates;
    }

    /** Runs up to {@code workers} workers on {@code threads} until every chunk is judged or dropped; the matches. */
    BitSet judge(ExecutorService threads, int workers) throws IOException {
        List<List<Chunk>> survivors = search.survivors(candidates);
        for (int c = 0; c < survivors.size(); c++) {
            for (Chunk chunk : survivors.get(c)) {
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
            return (BitSet) matched.clone();
        }
    }

    private void work() {
        for (Job job = next(); job != null; job = next()) {
            try {
                if (matches(job)) {
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

    /** The next chunk of a candidate not yet matching; null when none is left or a worker failed. */
    private synchronized Job next() {
        while (failure == null) {
            Job job = queue.poll();
            if (job == null || !matched.get(job.candidate)) {
                return job;
            }
        }
        return null;
    }

    private synchronized boolean isMatched(int candidate) {
        return matched.get(candidate);
    }

    private synchronized void matched(int candidate) {
        matched.set(candidate);
    }

    private synchronized void failed(Throwable e) {
        if (failure == null) {
            failure = e;
        }
    }
}
