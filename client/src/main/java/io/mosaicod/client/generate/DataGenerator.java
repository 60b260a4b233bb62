package io.mosaicod.client.generate;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.SequenceWriter;
import io.mosaicod.client.TopicUpload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Ingests realistic, fragmented topics through the server API, exactly as a client would: for each sequence
 * the SDK's call sequence ({@link SequenceWriter}), one DoPut per topic, one record batch per chunk. What it
 * writes depends only on the {@link GeneratorSpec} (seed included); {@link TopicBatches} recomputes it.
 */
public final class DataGenerator {
    private final MosaicoClient client;
    private final GeneratorSpec spec;
    private final GenerationListener listener;
    private final AtomicLong chunks = new AtomicLong();
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final List<String> topics = Collections.synchronizedList(new ArrayList<>());

    private DataGenerator(MosaicoClient client, GeneratorSpec spec, GenerationListener listener) {
        this.client = client;
        this.spec = spec;
        this.listener = listener;
    }

    /** Generates everything {@code spec} describes; the first failure stops it and is rethrown. */
    public static GenerationReport run(MosaicoClient client, GeneratorSpec spec, GenerationListener listener)
            throws InterruptedException {
        return new DataGenerator(client, spec, listener).run();
    }

    private GenerationReport run() throws InterruptedException {
        long started = System.nanoTime();
        List<String> sequences = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(spec.concurrency());
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int s = 0; s < spec.sequences(); s++) {
                int index = s;
                sequences.add(spec.sequenceName(s));
                running.add(pool.submit(() -> {
                    writeSequence(index);
                    return null;
                }));
            }
            for (Future<?> sequence : running) {
                sequence.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
        List<String> written = new ArrayList<>(topics);
        Collections.sort(written);
        return new GenerationReport(sequences, written, chunks.get(), rows.get(), bytes.get(),
                Duration.ofNanos(System.nanoTime() - started));
    }

    private void writeSequence(int sequenceIndex) {
        String sequence = spec.sequenceName(sequenceIndex);
        try (SequenceWriter writer = SequenceWriter.create(client, sequence, spec.sequenceMetadata(sequenceIndex),
                SequenceWriter.OnError.REPORT)) {
            long budget = writer.server().uploadBatchBudgetBytes();
            for (int t = 0; t < spec.topicsPerSequence(); t++) {
                writeTopic(writer, sequenceIndex, t, budget);
            }
            writer.finish();
        }
    }

    private void writeTopic(SequenceWriter writer, int sequenceIndex, int topicIndex, long budget) {
        try (TopicBatches batches = new TopicBatches(spec, sequenceIndex, topicIndex, client.allocator());
             TopicUpload upload = writer.topic(batches.topicSpec(), batches.schema())) {
            VectorSchemaRoot batch;
            while ((batch = batches.next()) != null) {
                long size = arrowBytes(batch);
                if (size > budget) {
                    throw new IllegalArgumentException("a chunk of " + spec.rowsPerChunk() + " rows of "
                            + batches.kind() + " takes " + size + " bytes, more than the " + budget
                            + " bytes the server accepts per batch; lower the rows per chunk or the image size");
                }
                upload.put(batch);
                listener.onChunk(new GenerationProgress(batches.locator(), chunks.incrementAndGet(),
                        spec.totalChunks(), rows.addAndGet(batch.getRowCount()), bytes.addAndGet(size)));
            }
            upload.complete();
            topics.add(batches.locator());
        }
    }

    private static long arrowBytes(VectorSchemaRoot batch) {
        long size = 0;
        for (FieldVector vector : batch.getFieldVectors()) {
            size += vector.getBufferSize();
        }
        return size;
    }
}
