package io.mosaicod.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.metrics.BackendErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metered store keeps the store contract, and counts failures by operation but not missing objects. */
@Tag("fast")
class MeteredObjectStoreTest extends ObjectStoreContract {
    private final List<String> failed = new ArrayList<>();
    private final BackendErrors errors = new BackendErrors() {
        @Override
        public void repositoryError() {
        }

        @Override
        public void storeError(String operation) {
            failed.add(operation);
        }
    };
    private InMemoryObjectStore memory;

    @Override
    protected ObjectStore newStore() {
        memory = new InMemoryObjectStore();
        return MeteredObjectStore.of(memory, errors);
    }

    @Override
    protected List<String> unfinishedWrites() {
        return memory.unfinishedWrites();
    }

    @Test
    void failuresAreCountedByOperationAndMissingObjectsAreNot(@TempDir Path dir) throws IOException {
        Path root = dir.resolve("root");
        try (ObjectStore broken = MeteredObjectStore.of(new LocalObjectStore(root), errors)) {
            Files.delete(root);
            Files.writeString(root, "a file where the store's folder should be");
            assertThatThrownBy(() -> broken.put("tp_1/metadata.json", new byte[] {1})).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> broken.copy("tp_1/a", "tp_1/b")).as("a missing source is an answer")
                    .isInstanceOf(ObjectNotFoundException.class);
        }
        assertThat(failed).containsExactly("put");

        failed.clear();
        try (ObjectStore healthy = MeteredObjectStore.of(new InMemoryObjectStore(), errors)) {
            assertThatThrownBy(() -> healthy.get("tp_1/missing")).isInstanceOf(ObjectNotFoundException.class);
        }
        assertThat(failed).as("a missing object is an answer").isEmpty();
        assertThat(MeteredObjectStore.of(memory, BackendErrors.NONE)).as("nobody listens: the store itself")
                .isSameAs(memory);
    }
}
