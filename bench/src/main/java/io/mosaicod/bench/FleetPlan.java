package io.mosaicod.bench;

/**
 * What one client JVM of the {@code fleet} scenario does, passed to {@link FleetClient} as JSON: {@code uploads}
 * concurrent uploads (topics {@code <robots>_<i>/imu}) of batches of {@code batchBytes}, each on its own
 * connection to the server at {@code host:port}, all sending from the moment the harness creates the file
 * {@code go} in {@code barrier} until {@code durationMillis} later or {@code maxBatches} batches per upload.
 * {@code pauseMillis} > 0 makes every upload of this JVM a slow robot: it sleeps that long after each batch. Before
 * that, for {@code warmupMillis}, each upload sends the same way to a warm-up topic of its own ({@code
 * <robots>_<i>_warmup/imu}), unmeasured: the server and the clients then run compiled code, as a server that has
 * been up for a while and robots that have been sending do, instead of the JIT's first minute.
 */
record FleetPlan(String host, int port, String robots, int uploads, long batchBytes, long durationMillis,
                 int maxBatches, long pauseMillis, long warmupMillis, String barrier) {
}
