package io.mosaicod.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicSpec;
import io.mosaicod.client.TopicUpload;
import java.util.UUID;
import org.apache.arrow.vector.VectorSchemaRoot;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One robot of the fleet: one topic, uploaded on its own connection. It times each batch from just before
 * {@link TopicUpload#put} to the server's acknowledgement of that batch number ({@code onStored}); both ends are
 * read from this JVM's {@link System#nanoTime}. A server that does not acknowledge leaves the acknowledgement
 * times at 0; the upload's end is then when {@link TopicUpload#complete()} returned, i.e. when the server said
 * the whole stream was stored.
 */
final class FleetUpload implements AutoCloseable {
    private final MosaicoClient client;
    private final FleetBatch batch;
    private final AtomicLongArray sentNanos;
    private final AtomicLongArray storedNanos;
    private SessionHandle session;
    private TopicUpload upload;
    private int sent;
    private long completedNanos;
    private boolean refused;

    FleetUpload(MosaicoClient client, FleetBatch batch, int maxBatches) {
        this.client = client;
        this.batch = batch;
        this.sentNanos = new AtomicLongArray(maxBatches);
        this.storedNanos = new AtomicLongArray(maxBatches);
    }

    /** Creates the robot's sequence, session and topic and opens the DoPut, before the clock starts. */
    void open(String sequence) {
        client.createSequence(sequence, JsonNodeFactory.instance.objectNode());
        session = client.createSession(sequence);
        String topic = sequence + "/imu";
        UUID uuid = client.createTopic(session.uuid(),
                new TopicSpec(topic, "default", "bench", JsonNodeFactory.instance.objectNode()));
        upload = client.upload(topic, uuid, FleetBatch.SCHEMA, number -> storedNanos.set((int) number, System.nanoTime()));
    }

    /**
     * Sends batches until {@code deadlineNanos} or the cap, sleeping {@code pauseMillis} after each; completes. A
     * server that refuses the upload (its upload memory spent, say) ends it: counted, not fatal, since that is
     * one of the things a fleet at scale meets; only the batches it acknowledged count as stored then.
     */
    void send(long deadlineNanos, long pauseMillis) throws InterruptedException {
        try {
            while (sent < sentNanos.length() && System.nanoTime() < deadlineNanos) {
                VectorSchemaRoot next = batch.numbered(sent);
                sentNanos.set(sent, System.nanoTime());
                upload.put(next);
                sent++;
                if (pauseMillis > 0) {
                    TimeUnit.MILLISECONDS.sleep(Math.min(pauseMillis,
                            Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()))));
                }
            }
            upload.complete();
        } catch (MosaicoException refusal) {
            refused = true;
            System.err.println("upload refused: " + refusal.getMessage());
        }
        completedNanos = System.nanoTime();
        if (!refused) {
            client.finalizeSession(session.uuid());
        }
    }

    boolean refused() {
        return refused;
    }

    /** Batches stored: all sent if the upload completed, else those the server acknowledged. */
    long stored() {
        return refused ? upload.stored() : sent;
    }

    /** Batches sent, stored or not: how far the latency arrays are filled. */
    int sent() {
        return sent;
    }

    long bytes() {
        return stored() * batch.bytes();
    }

    long firstSentNanos() {
        return sentNanos.get(0);
    }

    /** The last batch's acknowledgement if it came, else the completed upload. */
    long endNanos() {
        long lastStored = sent == 0 ? 0 : storedNanos.get(sent - 1);
        return lastStored != 0 ? lastStored : completedNanos;
    }

    /** Acknowledgement latency of each acknowledged batch, in microseconds, into {@code into} from {@code at}. */
    int latencies(long[] into, int at) {
        int n = at;
        for (int b = 0; b < sent; b++) {
            long stored = storedNanos.get(b);
            if (stored != 0) {
                into[n++] = (stored - sentNanos.get(b)) / 1000;
            }
        }
        return n;
    }

    @Override
    public void close() {
        if (upload != null) {
            upload.close(); // aborts only an upload that did not complete
        }
    }
}
