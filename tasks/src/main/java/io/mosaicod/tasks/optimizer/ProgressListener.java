package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.RunVolume;

/** Hears how far the rewrite of the current topic has come, e.g. to draw a progress line on a terminal. */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = (topic, rowsDone, in) -> {
    };

    /**
     * @param topicLocator the topic being rewritten
     * @param rowsDone     rows written to new chunks so far
     * @param in           what the topic holds (rows and bytes to go through)
     */
    void rewriting(String topicLocator, long rowsDone, RunVolume in);
}
