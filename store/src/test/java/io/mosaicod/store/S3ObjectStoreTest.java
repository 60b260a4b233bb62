package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.testkit.S3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The contract against s3proxy, each test under its own key prefix of one bucket per class. */
class S3ObjectStoreTest extends ObjectStoreContract {
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static S3Server server;
    private static String bucket;
    /** An independent client, to look at the bucket behind the store's back. */
    private static S3Client raw;
    private String prefix;

    @BeforeAll
    static void startServer() {
        server = S3Server.shared();
        bucket = server.newBucket();
        raw = rawClient(server);
    }

    @AfterAll
    static void closeClient() {
        raw.close();
    }

    /** A small list page, so every listing in the contract crosses pages. */
    protected S3Tuning tuning() {
        return S3Tuning.DEFAULTS.withListPageSize(5);
    }

    @Override
    protected ObjectStore newStore() {
        prefix = "run-" + RUNS.incrementAndGet();
        return new S3ObjectStore(server.storeConfig(bucket, prefix), tuning());
    }

    @Override
    protected List<String> unfinishedWrites() {
        return raw.listMultipartUploads(b -> b.bucket(bucket).prefix(prefix + "/")).uploads().stream()
                .map(MultipartUpload::key).toList();
    }

    @Test
    void everyKeyLivesUnderTheConfiguredPrefix() throws IOException {
        store.put("tp_A/metadata.json", bytes("m"));

        assertThat(raw.listObjectsV2(b -> b.bucket(bucket).prefix(prefix)).contents())
                .extracting(S3Object::key).containsExactly(prefix + "/tp_A/metadata.json");
        assertThat(store.list("").map(ObjectInfo::key)).containsExactly("tp_A/metadata.json");
    }

    @Test
    void aReadFailsRatherThanMixVersionsWhenTheObjectIsReplaced() throws IOException {
        byte[] first = random(1_000_000, 1);
        store.put("blob", first);
        try (RandomAccessSource source = store.openSource("blob")) {
            assertThat(read(source, 0, 10)).isEqualTo(java.util.Arrays.copyOf(first, 10));

            store.put("blob", random(1_000_000, 2));

            assertThatThrownBy(() -> read(source, 900_000, 10)) // outside the read-ahead window
                    .isInstanceOf(ObjectStoreException.class).hasMessageContaining("'blob'")
                    .hasMessageContaining("replaced while being read");
        }
    }

    @Test
    void anInterruptedCallIsReportedAsSuchNotAsAnOutage() throws IOException {
        store.put("blob", bytes("b"));
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> store.get("blob")).isInstanceOf(ObjectStoreException.class)
                    .isNotInstanceOf(StoreUnavailableException.class).hasMessageContaining("'blob'")
                    .hasMessageContaining("interrupted");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aMultipartUploadWhoseAbortFailedInAnOutageIsAbortedWhenItsWriterCloses() throws Exception {
        try (S3Server own = S3Server.dedicated(); S3Client ownRaw = rawClient(own)) {
            String ownBucket = own.newBucket();
            try (ObjectStore s3 = new S3ObjectStore(own.storeConfig(ownBucket, "outage"), S3Tuning.DEFAULTS)) {
                ObjectWriter writer = s3.newWriter("tp_A/data/00000.parquet");
                writer.stream().write(random(MULTIPART_SIZED, 21)); // a multipart upload, its first part sent
                own.halt();
                assertThatThrownBy(() -> writer.stream().write(random(MULTIPART_SIZED, 22)))
                        .isInstanceOf(StoreUnavailableException.class); // and the abort that follows fails too
                own.resume();
                assertThat(ownRaw.listMultipartUploads(b -> b.bucket(ownBucket)).uploads()).as("left by the outage")
                        .isNotEmpty();

                writer.close();

                assertThat(ownRaw.listMultipartUploads(b -> b.bucket(ownBucket)).uploads()).isEmpty();
            }
        }
    }

    @Test
    void closingTheStoreStopsTheProbeOfAnOutage() throws Exception {
        try (S3Server own = S3Server.dedicated()) {
            ObjectStore s3 = new S3ObjectStore(own.storeConfig(own.newBucket(), "probe"), S3Tuning.DEFAULTS);
            Set<Thread> before = probes();
            own.halt();
            assertThatThrownBy(() -> s3.get("blob")).isInstanceOf(StoreUnavailableException.class);
            Set<Thread> started = probes();
            started.removeAll(before);
            assertThat(started).as("the outage's probe").hasSize(1);

            s3.close();

            Thread probe = started.iterator().next();
            probe.join(Duration.ofSeconds(30).toMillis());
            assertThat(probe.isAlive()).as("probing a closed store").isFalse();
        }
    }

    /** A server that breaks its answer off: the ranged read's failure names the key and counts as an outage. */
    @Test
    void aRangedReadWhoseAnswerBreaksOffNamesTheKey() throws Exception {
        try (TruncatingS3 fake = new TruncatingS3(1_000_000, 1000)) {
            var config = new io.mosaicod.core.config.StoreConfig.S3(java.util.Optional.of(fake.endpoint()), "bucket",
                    S3Server.REGION, "", java.util.Optional.of(S3Server.ACCESS_KEY),
                    java.util.Optional.of(new io.mosaicod.core.config.Secret(S3Server.SECRET_KEY)));
            try (ObjectStore s3 = new S3ObjectStore(config, S3Tuning.DEFAULTS);
                 RandomAccessSource source = s3.openSource("tp_A/data/00000.parquet")) {
                assertThatThrownBy(() -> read(source, 0, 10)).isInstanceOf(StoreUnavailableException.class)
                        .hasMessageContaining("'tp_A/data/00000.parquet'");
            }
        }
    }

    private static Set<Thread> probes() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("availability-probe"))
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static S3Client rawClient(S3Server on) {
        return S3Client.builder().endpointOverride(on.endpoint()).forcePathStyle(true)
                .region(Region.of(S3Server.REGION))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(S3Server.ACCESS_KEY, S3Server.SECRET_KEY)))
                .build();
    }

    @Test
    void halfConfiguredCredentialsAreRejectedNamingTheMissingKey() {
        var config = server.storeConfig(bucket, "");
        var accessOnly = new io.mosaicod.core.config.StoreConfig.S3(config.endpoint(), bucket, config.region(), "",
                config.accessKey(), java.util.Optional.empty());

        assertThatThrownBy(() -> new S3ObjectStore(accessOnly)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("secret key");
    }
}
