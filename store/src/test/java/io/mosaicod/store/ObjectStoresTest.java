package io.mosaicod.store;

import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.testkit.S3Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ObjectStoresTest {

    @Test
    void aLocalConfigurationOpensADirectoryStoreCreatingItsRoot(@TempDir Path temp) throws IOException {
        Path root = temp.resolve("mosaico-data/store");
        try (ObjectStore store = ObjectStores.open(new StoreConfig.Local(root))) {
            store.put("sq_A/metadata.json", new byte[] {1, 2});

            assertThat(store).isInstanceOf(LocalObjectStore.class);
            assertThat(root.resolve("sq_A/metadata.json")).hasBinaryContent(new byte[] {1, 2});
        }
    }

    @Test
    void anS3ConfigurationOpensABucketStore() throws IOException {
        S3Server server = S3Server.shared();
        StoreConfig.S3 config = server.storeConfig(server.newBucket(), "");
        try (ObjectStore store = ObjectStores.open(config)) {
            store.put("sq_A/metadata.json", new byte[] {1, 2});

            assertThat(store).isInstanceOf(S3ObjectStore.class);
            assertThat(store.get("sq_A/metadata.json")).containsExactly(1, 2);
            assertThat(store.toString()).contains(config.bucket()).doesNotContain(S3Server.SECRET_KEY);
        }
    }
}
