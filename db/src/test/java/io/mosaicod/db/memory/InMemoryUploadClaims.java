package io.mosaicod.db.memory;

import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.ClaimedChunks;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.db.UploadClaims;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

final class InMemoryUploadClaims implements UploadClaims {
    private final Tables tables;

    InMemoryUploadClaims(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Optional<UploadClaim> claim(long topicId, Duration duration) {
        synchronized (tables) {
            TopicRow topic = tables.topics.get(topicId);
            Instant now = tables.now();
            if (topic == null || topic.uploadCompletedAt != null || topic.locked || isClaimed(topic, now)
                    || !InMemoryCatalog.chunksOf(tables, topicId).isEmpty()) {
                return Optional.empty();
            }
            UploadClaim claim = new UploadClaim(topicId, UUID.randomUUID().toString(), duration);
            topic.uploadClaimToken = claim.token();
            topic.uploadClaimExpiresAt = now.plus(duration);
            return Optional.of(claim);
        }
    }

    @Override
    public boolean isClaimed(long topicId) {
        synchronized (tables) {
            TopicRow topic = tables.topics.get(topicId);
            return topic != null && isClaimed(topic, tables.now());
        }
    }

    private static boolean isClaimed(TopicRow topic, Instant now) {
        return topic.uploadClaimToken != null && topic.uploadClaimExpiresAt.isAfter(now);
    }

    @Override
    public boolean renew(UploadClaim claim) {
        synchronized (tables) {
            TopicRow topic = requireTopic(claim, "renew the upload claim on topic " + claim.topicId());
            if (!claim.token().equals(topic.uploadClaimToken)) {
                return false;
            }
            topic.uploadClaimExpiresAt = tables.now().plus(claim.duration());
            return true;
        }
    }

    @Override
    public List<ChunksAdded> addChunks(List<ClaimedChunks> uploads) {
        synchronized (tables) {
            List<ChunksAdded> outcomes = new ArrayList<>();
            for (ClaimedChunks upload : uploads) {
                UploadClaim claim = upload.claim();
                TopicRow topic = tables.topics.get(claim.topicId());
                if (topic == null) {
                    outcomes.add(ChunksAdded.notAdded(ChunksAdded.Outcome.TOPIC_DELETED));
                } else if (!renew(claim)) {
                    outcomes.add(ChunksAdded.notAdded(ChunksAdded.Outcome.CLAIM_LOST));
                } else {
                    outcomes.add(ChunksAdded.added(
                            InMemoryCatalog.insertChunks(tables, claim.topicId(), upload.chunks())));
                }
            }
            return outcomes;
        }
    }

    @Override
    public boolean complete(UploadClaim claim) {
        synchronized (tables) {
            TopicRow topic = requireTopic(claim, "complete the upload of topic " + claim.topicId());
            if (!claim.token().equals(topic.uploadClaimToken)) {
                return false;
            }
            InMemoryCatalog.completeUpload(tables, topic);
            end(topic);
            return true;
        }
    }

    @Override
    public void release(UploadClaim claim) {
        synchronized (tables) {
            TopicRow topic = tables.topics.get(claim.topicId());
            if (topic != null && claim.token().equals(topic.uploadClaimToken)) {
                end(topic);
            }
        }
    }

    private TopicRow requireTopic(UploadClaim claim, String operation) {
        TopicRow topic = tables.topics.get(claim.topicId());
        if (topic == null) {
            throw Tables.deletedMeanwhile(operation);
        }
        return topic;
    }

    private static void end(TopicRow topic) {
        topic.uploadClaimToken = null;
        topic.uploadClaimExpiresAt = null;
    }
}
