package io.mosaicod.server.catalog;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;

/**
 * The topics this server instance is receiving a DoPut for. One upload per topic at a time; actions that
 * would pull a topic from under a running upload (finalize, delete) check here first, so it lives with them
 * and ingestion registers its uploads here. Uploads on other servers are kept apart by the repository's
 * upload claims, which ingestion takes as well.
 */
public final class UploadRegistry {
    private final Set<Long> uploading = ConcurrentHashMap.newKeySet();

    /** Registers one upload of the topic; false if an upload of it is already running here. */
    public boolean tryBegin(long topicId) {
        return uploading.add(topicId);
    }

    /** Ends an upload registered with {@link #tryBegin}. */
    public void end(long topicId) {
        uploading.remove(topicId);
    }

    public boolean isUploading(long topicId) {
        return uploading.contains(topicId);
    }

    /** The first of {@code topics} being uploaded, if any. */
    public <T> Optional<T> firstUploading(Collection<T> topics, ToLongFunction<T> topicId) {
        return topics.stream().filter(t -> uploading.contains(topicId.applyAsLong(t))).findFirst();
    }
}
