package io.mosaicod.db.jdbc;

import io.mosaicod.db.Chunk;
import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.ClaimedChunks;
import io.mosaicod.db.ConcurrentDeletionException;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.db.UploadClaims;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Upload claims as two columns of the topic row. Claiming is one conditional UPDATE of that row, so it is
 * atomic on both databases: on PostgreSQL a second claimer waits for the first one's row lock and then
 * re-checks the condition against the row the first one wrote (finding it claimed); on SQLite writers are
 * serialized. Every later step of the upload matches the claim's token in the same statement or transaction
 * as its write.
 */
final class JdbcUploadClaims implements UploadClaims {
    private final Database database;
    private final ChunkTable chunks;
    private final String claim;
    private final String isClaimed;
    private final String renew;
    private final String complete;
    private final String release;

    JdbcUploadClaims(Database database, ChunkTable chunks) {
        this.database = database;
        this.chunks = chunks;
        Dialect dialect = database.dialect;
        this.claim = dialect.render("""
                UPDATE topic SET upload_claim_token = ?, upload_claim_expires_at_ms = {now_ms} + ?
                WHERE id = ? AND upload_completed_at_ms IS NULL AND NOT locked
                    AND (upload_claim_token IS NULL OR upload_claim_expires_at_ms <= {now_ms})
                    AND NOT EXISTS (SELECT 1 FROM chunk c WHERE c.topic_id = topic.id)""");
        this.isClaimed = dialect.render("""
                SELECT 1 FROM topic
                WHERE id = ? AND upload_claim_token IS NOT NULL AND upload_claim_expires_at_ms > {now_ms}""");
        this.renew = dialect.render("""
                UPDATE topic SET upload_claim_expires_at_ms = {now_ms} + ?
                WHERE id = ? AND upload_claim_token = ?""");
        this.complete = dialect.render("UPDATE topic SET " + JdbcCatalog.UPLOAD_COMPLETION
                + ", upload_claim_token = NULL, upload_claim_expires_at_ms = NULL"
                + " WHERE id = ? AND upload_claim_token = ?");
        this.release = """
                UPDATE topic SET upload_claim_token = NULL, upload_claim_expires_at_ms = NULL
                WHERE id = ? AND upload_claim_token = ?""";
    }

    @Override
    public Optional<UploadClaim> claim(long topicId, Duration duration) {
        String token = UUID.randomUUID().toString();
        return database.read("claim the upload of topic " + topicId, connection ->
                database.update(connection, claim, token, duration.toMillis(), topicId) > 0
                        ? Optional.of(new UploadClaim(topicId, token, duration)) : Optional.empty());
    }

    @Override
    public boolean isClaimed(long topicId) {
        return database.read("check for an upload claim on topic " + topicId,
                connection -> database.first(connection, isClaimed, row -> true, topicId).isPresent());
    }

    @Override
    public boolean renew(UploadClaim held) {
        return database.read("renew the upload claim on topic " + held.topicId(),
                connection -> renew(connection, held));
    }

    /** Renews the claim if it is held; a claim whose topic was deleted is a concurrent deletion. */
    private boolean renew(Connection connection, UploadClaim held) throws SQLException {
        try (PreparedStatement renewal = connection.prepareStatement(renew)) {
            if (renewed(renewal, held)) {
                return true;
            }
        }
        requireTopic(connection, held.topicId());
        return false;
    }

    /** @param renewal the {@code renew} statement, prepared */
    private boolean renewed(PreparedStatement renewal, UploadClaim held) throws SQLException {
        database.bindAll(renewal, held.duration().toMillis(), held.topicId(), held.token());
        return renewal.executeUpdate() > 0;
    }

    @Override
    public List<ChunksAdded> addChunks(List<ClaimedChunks> uploads) {
        return database.write("add the chunks of " + uploads.size() + " uploads", connection -> {
            List<ChunksAdded> outcomes = new ArrayList<>(uploads.size());
            try (PreparedStatement renewal = connection.prepareStatement(renew);
                 ChunkTable.Inserts inserts = chunks.inserts(connection)) {
                for (ClaimedChunks upload : uploads) {
                    outcomes.add(addChunks(connection, renewal, inserts, upload));
                }
            }
            return outcomes;
        });
    }

    private ChunksAdded addChunks(Connection connection, PreparedStatement renewal, ChunkTable.Inserts inserts,
                                  ClaimedChunks upload) throws SQLException {
        UploadClaim held = upload.claim();
        if (!renewed(renewal, held)) {
            return ChunksAdded.notAdded(topicExists(connection, held.topicId()) ? ChunksAdded.Outcome.CLAIM_LOST
                    : ChunksAdded.Outcome.TOPIC_DELETED);
        }
        List<Chunk> added = new ArrayList<>(upload.chunks().size());
        for (NewChunk chunk : upload.chunks()) {
            added.add(inserts.insert(held.topicId(), chunk));
        }
        return ChunksAdded.added(added);
    }

    @Override
    public boolean complete(UploadClaim held) {
        return database.write("complete the upload of topic " + held.topicId(), connection -> {
            if (database.update(connection, complete, held.topicId(), held.token()) > 0) {
                chunks.summarize(connection, held.topicId());
                return true;
            }
            requireTopic(connection, held.topicId());
            return false;
        });
    }

    @Override
    public void release(UploadClaim held) {
        database.read("release the upload claim on topic " + held.topicId(),
                connection -> database.update(connection, release, held.topicId(), held.token()));
    }

    /** A claim whose topic is gone was lost to a delete, which callers answer as such. */
    private void requireTopic(Connection connection, long topicId) throws SQLException {
        if (!topicExists(connection, topicId)) {
            throw new ConcurrentDeletionException("cannot write topic " + topicId + ": it was deleted meanwhile", null);
        }
    }

    private boolean topicExists(Connection connection, long topicId) throws SQLException {
        return database.first(connection, "SELECT 1 FROM topic WHERE id = ?", row -> true, topicId).isPresent();
    }
}
