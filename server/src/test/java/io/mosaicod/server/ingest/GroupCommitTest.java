package io.mosaicod.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.ClaimedChunks;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.db.UploadClaims;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The one thread that records every upload's chunks, and what it tells the uploads. */
@Tag("fast")
class GroupCommitTest {
    private static final NewChunk CHUNK = new NewChunk(0, "tp_x/data/00000.parquet", 10, 10, 1, OptionalLong.of(1),
            OptionalLong.of(1), true, List.of());

    @Test
    void anUploadFailingToTakeItsOutcomeKeepsNeitherTheOthersNorLaterGroupsFromTheirs() throws Exception {
        try (GroupCommit commits = new GroupCommit(new UnreachableRepository())) {
            Listener broken = new Listener(1, true);
            Listener healthy = new Listener(2, false);
            commits.submit(broken, List.of(CHUNK));
            commits.submit(healthy, List.of(CHUNK));
            assertThat(healthy.told.poll(30, TimeUnit.SECONDS)).as("told in the same group").isNotNull();
            commits.submit(healthy, List.of(CHUNK));
            assertThat(healthy.told.poll(30, TimeUnit.SECONDS)).as("told in a later group: the thread lives on")
                    .isNotNull();
        }
    }

    /** An upload that records what it is told, or fails on it. */
    private static final class Listener implements GroupCommit.Upload {
        final LinkedBlockingQueue<String> told = new LinkedBlockingQueue<>();
        private final UploadClaim claim;
        private final boolean fails;

        Listener(long topicId, boolean fails) {
            this.claim = new UploadClaim(topicId, "token-" + topicId, Duration.ofMinutes(1));
            this.fails = fails;
        }

        @Override
        public UploadClaim claim() {
            return claim;
        }

        @Override
        public boolean recording() {
            return true;
        }

        @Override
        public void recorded(List<NewChunk> chunks, ChunksAdded outcome, long askedAtNanos) {
            told.add("recorded");
        }

        @Override
        public void notRecorded(RuntimeException failure) {
            if (fails) {
                throw new IllegalStateException("Memory was leaked by query (as an upload's pool closed early)");
            }
            told.add("not recorded: " + failure.getMessage());
        }
    }

    /** A repository whose transactions fail, as during an outage. */
    private static final class UnreachableRepository implements UploadClaims {
        @Override
        public Optional<UploadClaim> claim(long topicId, Duration duration) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isClaimed(long topicId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean renew(UploadClaim claim) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<ChunksAdded> addChunks(List<ClaimedChunks> uploads) {
            throw new IllegalStateException("the repository is unreachable");
        }

        @Override
        public boolean complete(UploadClaim claim) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void release(UploadClaim claim) {
            throw new UnsupportedOperationException();
        }
    }
}
