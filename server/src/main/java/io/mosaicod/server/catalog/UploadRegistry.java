package io.mosaicod.server.catalog;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;

/**
 * The topics this server instance is receiving a DoPut for. One upload per topic at a time; actions that
 * would pull a topic from under a running upload (finalize, delete) check here first, so it lives with them
 * and ingestion claims its topics here.
 */
public final class UploadRegistry {
    private final Set<Long> uploading = ConcurrentHashMap.newKeySet();

    /** Claims the topic for one upload; false if an upload of it is already running. */
    public boolean tryBegin(long topicId) {
        return uploading.add(topicId);
    }

    /** Releases a claim taken with {@link #tryBegin}. */
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
