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
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

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
        raw = S3Client.builder().endpointOverride(server.endpoint()).forcePathStyle(true)
                .region(Region.of(S3Server.REGION))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(S3Server.ACCESS_KEY, S3Server.SECRET_KEY)))
                .build();
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
    void halfConfiguredCredentialsAreRejectedNamingTheMissingKey() {
        var config = server.storeConfig(bucket, "");
        var accessOnly = new io.mosaicod.core.config.StoreConfig.S3(config.endpoint(), bucket, config.region(), "",
                config.accessKey(), java.util.Optional.empty());

        assertThatThrownBy(() -> new S3ObjectStore(accessOnly)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("secret key");
    }
}
