package io.mosaicod.client.generate;

/**
 * Where a generation stands after one chunk.
 *
 * @param topic       the locator of the topic the chunk belongs to
 * @param chunksDone  chunks uploaded so far, all topics together
 * @param totalChunks chunks the whole generation uploads
 * @param rowsDone    rows uploaded so far
 * @param bytesSent   Arrow bytes of the batches sent so far
 */
public record GenerationProgress(String topic, long chunksDone, long totalChunks, long rowsDone, long bytesSent) {

    /** Done fraction in [0, 1]. */
    public double fraction() {
        return totalChunks == 0 ? 1 : (double) chunksDone / totalChunks;
    }
}
