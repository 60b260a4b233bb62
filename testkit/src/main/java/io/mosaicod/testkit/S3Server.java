package io.mosaicod.testkit;

import io.mosaicod.core.config.Secret;
import io.mosaicod.core.config.Settings;
import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.core.io.FileTrees;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real S3-compatible server for tests: s3proxy 4.1.0 in-process with its {@code filesystem-nio2} backend,
 * on a free loopback port, with signature checking on. One per test JVM ({@link #shared()}), stopped and
 * its directory deleted when the JVM exits; test classes take a fresh bucket each ({@link #newBucket()}).
 * Tests that take the server down start a {@link #dedicated()} one; tests that count the writes each key
 * received, or the reads a bucket received, start a {@link #recordingWrites()} one.
 */
public final class S3Server implements AutoCloseable {
    public static final String ACCESS_KEY = "mosaicod-test";
    public static final String SECRET_KEY = "mosaicod-test-secret";
    public static final String REGION = "us-east-1";

    private static S3Server shared;

    private final Path directory;
    private final BlobStore blobStore;
    private final RecordingBlobStore recorder;
    private final URI endpoint;
    private final AtomicInteger buckets = new AtomicInteger();
    private S3Proxy proxy;

    private S3Server(boolean recording) throws Exception {
        directory = Files.createTempDirectory("mosaicod-s3proxy-");
        BlobStore files = new FilesystemNio2BlobStore(directory.toString());
        recorder = recording ? new RecordingBlobStore(files) : null;
        blobStore = recording ? recorder : files;
        proxy = startProxy(0);
        endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    private S3Proxy startProxy(int port) throws Exception {
        S3Proxy started = S3Proxy.builder()
                .blobStore(blobStore)
                .endpoint(URI.create("http://127.0.0.1:" + port))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        started.start(); // Jetty's start returns once the connector is bound
        return started;
    }

    /** The JVM's server, started on first use. */
    public static synchronized S3Server shared() {
        if (shared == null) {
            try {
                shared = new S3Server(false);
            } catch (Exception e) {
                throw new IllegalStateException("cannot start s3proxy", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "s3proxy-stop"));
        }
        return shared;
    }

    /**
     * A server of the caller's own, for tests that take it down: {@link #halt()} and {@link #resume()} it
     * (same port, same objects); {@link #close()} it when done.
     */
    public static S3Server dedicated() {
        return startDedicated(false);
    }

    /**
     * A {@link #dedicated()} server that records every object write it receives ({@link #writtenKeys}) and counts
     * the reads ({@link #reads}).
     */
    public static S3Server recordingWrites() {
        return startDedicated(true);
    }

    private static S3Server startDedicated(boolean recording) {
        try {
            return new S3Server(recording);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start s3proxy", e);
        }
    }

    /**
     * The key of every write of an object of {@code bucket} this server received (a PUT, a completed multipart
     * upload, a copy's target), in the order they arrived, failed ones too: a key written twice appears twice.
     * Only for a server started with {@link #recordingWrites()}.
     */
    public List<String> writtenKeys(String bucket) {
        if (recorder == null) {
            throw new IllegalStateException("this s3proxy does not record writes; start it with recordingWrites()");
        }
        return recorder.writes().stream().filter(write -> write.bucket().equals(bucket))
                .map(RecordingBlobStore.Write::key).toList();
    }

    /**
     * How many requests of each kind — {@code list} (one per page of a listing), {@code get}, {@code head} —
     * {@code bucket} received. Only for a server started with {@link #recordingWrites()}.
     */
    public Map<String, Integer> reads(String bucket) {
        if (recorder == null) {
            throw new IllegalStateException("this s3proxy does not count reads; start it with recordingWrites()");
        }
        return recorder.reads(bucket);
    }

    /** Stops serving: connections in flight are cut and new ones refused, until {@link #resume()}. */
    public synchronized void halt() throws Exception {
        proxy.stop();
    }

    /** Serves again on the same port, with every object stored before {@link #halt()}. */
    public synchronized void resume() throws Exception {
        proxy = startProxy(endpoint.getPort());
    }

    /** Stops a {@link #dedicated()} server and deletes its objects. */
    @Override
    public void close() {
        stop();
    }

    public URI endpoint() {
        return endpoint;
    }

    /** Creates an empty bucket with a name no other test in this JVM uses. */
    public String newBucket() {
        String name = "test-" + buckets.incrementAndGet() + "-" + ProcessHandle.current().pid();
        blobStore.createContainer(name);
        return name;
    }

    /** A store configuration pointing at {@code bucket} on this server, keys under {@code prefix}. */
    public StoreConfig.S3 storeConfig(String bucket, String prefix) {
        return new StoreConfig.S3(Optional.of(endpoint), bucket, REGION, prefix, Optional.of(ACCESS_KEY),
                Optional.of(new Secret(SECRET_KEY)));
    }

    /**
     * The variables that point a mosaicod process at {@code bucket} on this server, keys under {@code prefix}
     * (the bucket root if empty), as an operator would configure it: the process's view of
     * {@link #storeConfig}.
     */
    public Map<String, String> environment(String bucket, String prefix) {
        Map<String, String> env = new HashMap<>();
        env.put(Settings.STORE_BUCKET.env(), bucket);
        env.put(Settings.STORE_ENDPOINT.env(), endpoint.toString());
        env.put(Settings.STORE_REGION.env(), REGION);
        env.put(Settings.STORE_ACCESS_KEY.env(), ACCESS_KEY);
        env.put(Settings.STORE_SECRET_KEY.env(), SECRET_KEY);
        if (!prefix.isEmpty()) {
            env.put(Settings.STORE_PREFIX.env(), prefix);
        }
        return env;
    }

    private synchronized void stop() {
        try {
            proxy.stop();
        } catch (Exception e) {
            // the JVM is exiting; nothing to recover
        }
        try {
            FileTrees.delete(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
