package io.mosaicod.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes one sequence the way the Python SDK does (PROTOCOL.md §4): {@code info}, {@code sequence_create},
 * {@code session_create}; then per topic {@code topic_create} and one DoPut; finally {@code session_finalize}.
 * If the writer is closed without {@link #finish()} (an error on the client side), its open uploads are
 * cancelled and the {@link OnError} policy applies.
 */
public final class SequenceWriter implements AutoCloseable {

    /** What to do with the session when the client fails mid-way. */
    public enum OnError {
        /** The SDK's default: report an error notification on the sequence, then finalize what was written. */
        REPORT,
        /** Delete the session and everything it wrote. */
        DELETE
    }

    private final MosaicoClient client;
    private final String sequence;
    private final SessionHandle session;
    private final ServerInfo server;
    private final OnError onError;
    private final List<TopicUpload> uploads = new ArrayList<>();
    private boolean ended;

    private SequenceWriter(MosaicoClient client, String sequence, SessionHandle session, ServerInfo server,
                           OnError onError) {
        this.client = client;
        this.sequence = sequence;
        this.session = session;
        this.server = server;
        this.onError = onError;
    }

    /** Creates the sequence and opens a session in it. */
    public static SequenceWriter create(MosaicoClient client, String sequence, ObjectNode userMetadata,
                                       OnError onError) {
        ServerInfo server = client.info();
        client.createSequence(sequence, userMetadata);
        return new SequenceWriter(client, sequence, client.createSession(sequence), server, onError);
    }

    /** Opens another session in an existing sequence. */
    public static SequenceWriter resume(MosaicoClient client, String sequence, OnError onError) {
        ServerInfo server = client.info();
        return new SequenceWriter(client, sequence, client.createSession(sequence), server, onError);
    }

    public SessionHandle session() {
        return session;
    }

    /** What the server said about itself when the writer started (its message limits above all). */
    public ServerInfo server() {
        return server;
    }

    /** Creates a topic and opens its upload. */
    public TopicUpload topic(TopicSpec spec, Schema schema) {
        requireOpen();
        UUID uuid = client.createTopic(session.uuid(), spec);
        TopicUpload upload = client.upload(spec.locator(), uuid, schema);
        uploads.add(upload);
        return upload;
    }

    /** Finalizes the session: every topic must have completed its upload. */
    public void finish() {
        requireOpen();
        ended = true;
        client.finalizeSession(session.uuid());
    }

    /** Applies the error policy (if the writer did not finish). */
    @Override
    public void close() {
        if (ended) {
            return;
        }
        ended = true;
        for (TopicUpload upload : uploads) {
            upload.abort("the sequence writer failed");
        }
        if (onError == OnError.DELETE) {
            client.deleteSession(session.uuid());
            return;
        }
        client.notifySequenceError(sequence, "the client stopped writing session " + session.locator()
                + " before it finished");
        try {
            client.finalizeSession(session.uuid());
        } catch (MosaicoException e) {
            // a topic that never completed its upload keeps the session open: the notification tells why
        }
    }

    private void requireOpen() {
        if (ended) {
            throw new IllegalStateException("the writer of session " + session.locator() + " has ended");
        }
    }
}
