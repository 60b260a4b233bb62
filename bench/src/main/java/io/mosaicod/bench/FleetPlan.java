package io.mosaicod.bench;

/**
 * What one client JVM of the {@code fleet} scenario does, passed to {@link FleetClient} as JSON: {@code uploads}
 * concurrent uploads (topics {@code <robots>_<i>/imu}) of batches of {@code batchBytes}, each on its own
 * connection to the server at {@code host:port}, all sending from the moment the harness creates the file
 * {@code go} in {@code barrier} until {@code durationMillis} later or {@code maxBatches} batches per upload.
 * {@code pauseMillis} > 0 makes every upload of this JVM a slow robot: it sleeps that long after each batch.
 */
record FleetPlan(String host, int port, String robots, int uploads, long batchBytes, long durationMillis,
                 int maxBatches, long pauseMillis, String barrier) {
}
