package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link ObjectStore} must do. Each test gets a fresh, empty store (its own directory or key
 * prefix). Randomized tests print their seed.
 */
abstract class ObjectStoreContract {
    /** Larger than the S3 store's part size, so an S3 writer of this many bytes starts a multipart upload. */
    static final int MULTIPART_SIZED = 20 * 1024 * 1024;

    protected ObjectStore store;

    /** A fresh, empty store. */
    protected abstract ObjectStore newStore() throws IOException;

    /** Keys of writes the backend still holds temporary data for (temp files, multipart uploads). */
    protected abstract List<String> unfinishedWrites() throws IOException;

    @BeforeEach
    void openStore() throws IOException {
        store = newStore();
    }

    @AfterEach
    void closeStore() throws IOException {
        store.close();
    }

    @Test
    void putThenGetReturnsTheSameBytes() throws IOException {
        byte[] bytes = "{\"hello\":\"world\"}".getBytes(StandardCharsets.UTF_8);
        store.put("sq_A/metadata.json", bytes);
        store.put("empty", new byte[0]);

        assertThat(store.get("sq_A/metadata.json")).isEqualTo(bytes);
        assertThat(store.get("empty")).isEmpty();
    }

    @Test
    void putReplacesAnExistingObject() throws IOException {
        store.put("k", bytes("first version"));
        store.put("k", bytes("second"));

        assertThat(store.get("k")).isEqualTo(bytes("second"));
    }

    @Test
    void keysWithNestedPathsAreIndependentObjects() throws IOException {
        List<String> keys = List.of("a/b/c/d.bin", "a/b.bin", "a/b/c.bin", "a/x/y/z/deep.bin", "top.bin");
        for (String key : keys) {
            store.put(key, bytes(key));
        }
        for (String key : keys) {
            assertThat(store.get(key)).as(key).isEqualTo(bytes(key));
        }
        assertThatThrownBy(() -> store.get("a/b")).isInstanceOf(ObjectNotFoundException.class);
    }

    @Test
    void committedWriterMakesTheObjectVisibleOnlyAtCommit() throws IOException {
        byte[] content = random(300_000, 11);
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            OutputStream out = writer.stream();
            out.write(content, 0, 1);
            out.write(content[1]);
            out.write(content, 2, content.length - 2);
            assertThat(writer.position()).isEqualTo(content.length);
            assertThat(store.exists("tp_A/data/00000.parquet")).isFalse();
            assertThat(store.list("")).isEmpty();

            writer.commit();
        }
        assertThat(store.get("tp_A/data/00000.parquet")).isEqualTo(content);
        assertThat(unfinishedWrites()).isEmpty();
    }

    @Test
    void closingTheStreamDoesNotPublishButCommitDoes() throws IOException {
        try (ObjectWriter writer = store.newWriter("k")) {
            writer.stream().write(bytes("content"));
            writer.stream().close();
            assertThat(store.exists("k")).isFalse();
            assertThatThrownBy(() -> writer.stream().write(1)).isInstanceOf(IOException.class)
                    .hasMessageContaining("'k'");

            writer.commit();
        }
        assertThat(store.get("k")).isEqualTo(bytes("content"));
    }

    @Test
    void anEndedWriterTakesNoMoreBytesAndCommitsWhatItWasGiven() throws IOException {
        byte[] content = random(10_000, 11);
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            writer.stream().write(content);
            writer.endContent();
            assertThatThrownBy(() -> writer.stream().write(1)).isInstanceOf(IOException.class)
                    .hasMessageContaining("'tp_A/data/00000.parquet'");
            assertThat(store.exists("tp_A/data/00000.parquet")).as("visible before its commit").isFalse();

            writer.commit();
        }
        assertThat(store.get("tp_A/data/00000.parquet")).isEqualTo(content);
        assertThat(unfinishedWrites()).isEmpty();
    }

    @Test
    void anEndedWriterClosedWithoutCommitLeavesNothing() throws IOException {
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            writer.stream().write(random(10_000, 12));
            writer.endContent();
        }
        assertThat(store.list("")).isEmpty();
        assertThat(unfinishedWrites()).isEmpty();
    }

    @Test
    void writerClosedWithoutCommitLeavesNothingVisible() throws IOException {
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            writer.stream().write(random(10_000, 3));
        }
        assertThat(store.exists("tp_A/data/00000.parquet")).isFalse();
        assertThat(store.list("")).isEmpty();
        assertThat(store.listDelimited("")).isEmpty();
        assertThat(unfinishedWrites()).isEmpty();
    }

    /** Rewrites are given up by interrupting their writing threads (the optimizer's write-behind, a cancelled read). */
    @Test
    void aWriteGivenUpByInterruptingItsThreadLeavesNothingBehind() throws IOException {
        ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet");
        IOException failure = null;
        try {
            writer.stream().write(random(MULTIPART_SIZED, 14)); // S3: a multipart upload, its first part sent
            Thread.currentThread().interrupt();
            writer.stream().write(random(MULTIPART_SIZED, 15));
            writer.commit();
        } catch (IOException e) {
            failure = e;
        } finally {
            Thread.interrupted();
            writer.close();
        }
        if (failure != null) {
            assertThat(io.mosaicod.core.Availability.outageBehind(failure)).as("an interrupt is no outage: %s", failure)
                    .isEmpty();
            assertThat(store.exists("tp_A/data/00000.parquet")).isFalse();
        } else { // a backend that does not heed interrupts wrote it whole
            assertThat(store.get("tp_A/data/00000.parquet")).hasSize(2 * MULTIPART_SIZED);
        }
        assertThat(unfinishedWrites()).isEmpty();
    }

    @Test
    void abortedMultipartSizedWriterLeavesNoPartsBehind() throws IOException {
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            writer.stream().write(random(MULTIPART_SIZED, 5));
            assertThat(unfinishedWrites()).as("the write is in progress").isNotEmpty();
        }
        assertThat(store.exists("tp_A/data/00000.parquet")).isFalse();
        assertThat(store.list("")).isEmpty();
        assertThat(unfinishedWrites()).isEmpty();
    }

    @Test
    void abortedWriterKeepsThePreviousObject() throws IOException {
        store.put("k", bytes("committed"));
        try (ObjectWriter writer = store.newWriter("k")) {
            writer.stream().write(bytes("abandoned"));
        }
        assertThat(store.get("k")).isEqualTo(bytes("committed"));
    }

    @Test
    void aCommittedWriterCannotBeCommittedOrWrittenAgain() throws IOException {
        try (ObjectWriter writer = store.newWriter("k")) {
            writer.stream().write(1);
            writer.commit();
            assertThatThrownBy(writer::commit).isInstanceOf(ObjectStoreException.class)
                    .hasMessageContaining("'k'").hasMessageContaining("committed");
            assertThatThrownBy(() -> writer.stream().write(2)).isInstanceOf(ObjectStoreException.class);
        }
        assertThat(store.get("k")).containsExactly(1);
    }

    @Test
    void rangedReadsReturnTheRequestedBytes() throws IOException {
        byte[] content = random(1_000_000, 17);
        store.put("blob", content);
        try (RandomAccessSource source = store.openSource("blob")) {
            assertThat(source.name()).isEqualTo("blob");
            assertThat(source.size()).isEqualTo(content.length);
            assertThat(read(source, 0, 100)).isEqualTo(Arrays.copyOfRange(content, 0, 100));
            assertThat(read(source, 500_000, 4096)).isEqualTo(Arrays.copyOfRange(content, 500_000, 504_096));
            assertThat(read(source, content.length - 8, 8))
                    .isEqualTo(Arrays.copyOfRange(content, content.length - 8, content.length));
            assertThat(read(source, 0, content.length)).isEqualTo(content);
            assertThat(read(source, content.length, 0)).isEmpty();

            assertThatThrownBy(() -> read(source, content.length - 4, 8)).isInstanceOf(EOFException.class)
                    .hasMessageContaining("blob");
            assertThatThrownBy(() -> read(source, content.length, 1)).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void randomRangedReadsMatchTheObject() throws IOException {
        long seed = System.nanoTime();
        System.out.println("randomRangedReadsMatchTheObject seed=" + seed);
        SplittableRandom random = new SplittableRandom(seed);
        byte[] content = random(2_000_000, seed);
        store.put("tp_A/data/00000.parquet", content);
        try (RandomAccessSource source = store.openSource("tp_A/data/00000.parquet")) {
            for (int i = 0; i < 300; i++) {
                int length = random.nextInt(4) == 0 ? random.nextInt(400_000) : random.nextInt(2_000);
                int position = random.nextInt(content.length - length + 1);
                ByteBuffer dst = random.nextBoolean() ? ByteBuffer.allocate(length) : ByteBuffer.allocateDirect(length);
                source.readFully(position, dst);
                dst.flip();
                byte[] actual = new byte[length];
                dst.get(actual);
                assertThat(actual).as("seed %d, read %d: %d bytes at %d", seed, i, length, position)
                        .isEqualTo(Arrays.copyOfRange(content, position, position + length));
            }
        }
    }

    @Test
    void headReportsSizeAndLastModified() throws IOException {
        Instant before = Instant.now().minusSeconds(2); // S3 and some file systems keep whole seconds
        store.put("tp_A/metadata.json", random(1234, 1));
        Instant after = Instant.now().plusSeconds(2);

        ObjectInfo info = store.head("tp_A/metadata.json");

        assertThat(info.key()).isEqualTo("tp_A/metadata.json");
        assertThat(info.size()).isEqualTo(1234);
        assertThat(info.lastModified()).isBetween(before, after);
    }

    @Test
    void readingAheadLeavesTheObjectAsItIs() throws IOException {
        byte[] content = random(3 << 20, 7);
        store.put("tp_A/data/00000.parquet", content);

        store.readAhead("tp_A/data/00000.parquet");

        assertThat(store.get("tp_A/data/00000.parquet")).isEqualTo(content);
        assertThat(store.list("tp_A/").map(ObjectInfo::key).toList()).containsExactly("tp_A/data/00000.parquet");
    }

    @Test
    void missingKeysRaiseObjectNotFoundNamingTheKey() throws IOException {
        store.put("tp_A/data/00000.parquet", bytes("x"));
        String missing = "tp_A/data/00001.parquet";

        for (ThrowingCall call : List.<ThrowingCall>of(
                () -> store.get(missing),
                () -> store.head(missing),
                () -> store.openSource(missing).close(),
                () -> store.copy(missing, "tp_B/data/00000.parquet"),
                () -> store.get("tp_A"), // a folder is not an object
                () -> store.get("tp_A/data"))) {
            assertThatThrownBy(call::run).isInstanceOf(ObjectNotFoundException.class)
                    .satisfies(e -> assertThat(((ObjectNotFoundException) e).key()).startsWith("tp_A"))
                    .hasMessageContaining("tp_A");
        }
        assertThat(store.exists(missing)).isFalse();
        assertThat(store.exists("tp_A/data/00000.parquet")).isTrue();
    }

    @Test
    void invalidKeysAreRejectedBeforeTouchingTheBackend() {
        for (String key : List.of("", "/abs", "dir/", "a//b", "a/../b", "a/./b", ".tmp-x", "a/.tmp-b")) {
            assertThatThrownBy(() -> store.put(key, new byte[1])).as(key)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void listReturnsEveryObjectUnderThePrefixInKeyOrder() throws IOException {
        // '-' < '.' < '/' < '0': a recursive listing interleaves files and sub-folders by full key
        List<String> keys = List.of("a.b", "a/b", "a-c", "a/a/z", "a0", "b/c/d", "tp_X/data/00001.parquet",
                "tp_X/data/00000.parquet", "tp_X/metadata.json", "tp_Y/metadata.json");
        for (String key : keys) {
            store.put(key, bytes(key + "!"));
        }

        assertThat(store.list("").map(ObjectInfo::key))
                .containsExactlyElementsOf(keys.stream().sorted().toList());
        assertThat(store.list("tp_").map(ObjectInfo::key)).containsExactly(
                "tp_X/data/00000.parquet", "tp_X/data/00001.parquet", "tp_X/metadata.json", "tp_Y/metadata.json");
        assertThat(store.list("tp_X/data/")).extracting(ObjectInfo::key, ObjectInfo::size).containsExactly(
                org.assertj.core.groups.Tuple.tuple("tp_X/data/00000.parquet", 24L),
                org.assertj.core.groups.Tuple.tuple("tp_X/data/00001.parquet", 24L));
        assertThat(store.list("a/")).extracting(ObjectInfo::key).containsExactly("a/a/z", "a/b");
        assertThat(store.list("nothing-here/")).isEmpty();
        assertThat(store.list("tp_Z")).isEmpty();
    }

    @Test
    void listDelimitedReturnsObjectsAndCommonPrefixesOfOneLevel() throws IOException {
        store.put("sq_A/metadata.json", bytes("s"));
        store.put("tp_B/metadata.json", bytes("t"));
        store.put("tp_B/data/00000.parquet", bytes("c0"));
        store.put("tp_B/data/00001.parquet", bytes("c1"));
        store.put("stray.txt", bytes("stray"));

        assertThat(store.listDelimited("")).extracting(ListEntry::key)
                .containsExactly("sq_A/", "stray.txt", "tp_B/");
        assertThat(store.listDelimited("")).filteredOn(e -> e instanceof ObjectInfo)
                .singleElement().isEqualTo(store.head("stray.txt"));
        assertThat(store.listDelimited("tp_B/")).extracting(ListEntry::key)
                .containsExactly("tp_B/data/", "tp_B/metadata.json");
        assertThat(store.listDelimited("tp_B/data/")).extracting(ListEntry::key)
                .containsExactly("tp_B/data/00000.parquet", "tp_B/data/00001.parquet");
        assertThat(store.listDelimited("tp_")).extracting(ListEntry::key).containsExactly("tp_B/");
        assertThat(store.listDelimited("none/")).isEmpty();
    }

    @Test
    void listingPagesThroughMoreKeysThanOnePage() throws IOException {
        List<String> keys = new ArrayList<>();
        for (int folder = 0; folder < 12; folder++) {
            for (int chunk = 0; chunk < 2; chunk++) {
                keys.add(String.format("tp_%02d/data/%05d.parquet", folder, chunk));
            }
        }
        keys.add("tp_99");
        for (String key : keys) {
            store.put(key, bytes(key));
        }

        assertThat(store.list("").map(ObjectInfo::key)).containsExactlyElementsOf(keys);
        List<String> expectedTopLevel = IntStream.range(0, 12).mapToObj(i -> String.format("tp_%02d/", i))
                .collect(Collectors.toCollection(ArrayList::new));
        expectedTopLevel.add("tp_99");
        assertThat(store.listDelimited("").map(ListEntry::key)).containsExactlyElementsOf(expectedTopLevel);
    }

    @Test
    void deleteRemovesOneObjectAndIgnoresMissingKeys() throws IOException {
        store.put("tp_A/metadata.json", bytes("m"));
        store.put("tp_A/TO_DELETE", bytes(""));

        store.delete("tp_A/TO_DELETE");
        store.delete("tp_A/TO_DELETE");
        store.delete("never/existed");

        assertThat(store.exists("tp_A/TO_DELETE")).isFalse();
        assertThat(store.list("").map(ObjectInfo::key)).containsExactly("tp_A/metadata.json");
    }

    @Test
    void deleteFolderRemovesEverythingUnderItAndNothingElse() throws IOException {
        store.put("tp_A/metadata.json", bytes("m"));
        store.put("tp_A/data/00000.parquet", bytes("c0"));
        store.put("tp_A/data/00001.parquet", bytes("c1"));
        store.put("tp_AB/metadata.json", bytes("neighbour sharing the name's start"));
        store.put("tp_B/metadata.json", bytes("other"));

        assertThat(store.deleteFolder("tp_A")).isEqualTo(3);
        assertThat(store.deleteFolder("tp_A/")).isZero();

        assertThat(store.list("").map(ObjectInfo::key)).containsExactly("tp_AB/metadata.json", "tp_B/metadata.json");
        assertThat(store.listDelimited("").map(ListEntry::key)).containsExactly("tp_AB/", "tp_B/");
    }

    @Test
    void deleteFolderRemovesUnfinishedWritesInIt() throws IOException {
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            writer.stream().write(random(MULTIPART_SIZED, 9));
            assertThat(unfinishedWrites()).isNotEmpty();

            store.deleteFolder("tp_A");

            assertThat(unfinishedWrites()).isEmpty();
            assertThatThrownBy(writer::commit).isInstanceOf(ObjectStoreException.class)
                    .hasMessageContaining("tp_A/data/00000.parquet");
        }
        assertThat(store.list("")).isEmpty();
    }

    @Test
    void copyDuplicatesAnObjectByteForByte() throws IOException {
        byte[] metadata = random(5000, 21);
        store.put("tp_OLD/metadata.json", metadata);

        store.copy("tp_OLD/metadata.json", "tp_NEW/metadata.json");

        assertThat(store.get("tp_NEW/metadata.json")).isEqualTo(metadata);
        assertThat(store.get("tp_OLD/metadata.json")).isEqualTo(metadata);
    }

    @Test
    void fortyMegabyteObjectRoundTripsThroughTheWriterEqualByHash() throws Exception {
        long seed = System.nanoTime();
        System.out.println("fortyMegabyteObjectRoundTripsThroughTheWriterEqualByHash seed=" + seed);
        SplittableRandom random = new SplittableRandom(seed);
        int size = 40_000_000;
        MessageDigest written = sha256();
        try (ObjectWriter writer = store.newWriter("tp_A/data/00000.parquet")) {
            byte[] block = new byte[1 << 20];
            int remaining = size;
            while (remaining > 0) {
                int length = Math.min(remaining, 1 + random.nextInt(block.length)); // odd sizes cross part bounds
                fill(block, length, random);
                writer.stream().write(block, 0, length);
                written.update(block, 0, length);
                remaining -= length;
            }
            writer.commit();
        }
        byte[] expected = written.digest();

        assertThat(store.head("tp_A/data/00000.parquet").size()).isEqualTo(size);
        assertThat(sha256().digest(store.get("tp_A/data/00000.parquet"))).as("seed %d", seed).isEqualTo(expected);
        MessageDigest ranged = sha256();
        try (RandomAccessSource source = store.openSource("tp_A/data/00000.parquet")) {
            ByteBuffer buffer = ByteBuffer.allocate(3 << 20);
            for (long position = 0; position < size; position += buffer.capacity()) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), size - position));
                source.readFully(position, buffer);
                ranged.update(buffer.flip());
            }
        }
        assertThat(ranged.digest()).as("seed %d, read by ranges", seed).isEqualTo(expected);
        assertThat(unfinishedWrites()).isEmpty();
    }

    @Test
    void concurrentWritersToDifferentKeysAllSucceed() throws Exception {
        int threads = 8;
        int objectsPerThread = 6;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < objectsPerThread; i++) {
                        String key = "tp_" + thread + "/data/" + String.format("%05d", i) + ".parquet";
                        try (ObjectWriter writer = store.newWriter(key)) {
                            writer.stream().write(random(50_000 + i, thread * 100L + i));
                            writer.commit();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> result : results) {
                result.get();
            }
        } finally {
            pool.shutdownNow();
        }
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < objectsPerThread; i++) {
                String key = "tp_" + t + "/data/" + String.format("%05d", i) + ".parquet";
                assertThat(store.get(key)).as(key).isEqualTo(random(50_000 + i, t * 100L + i));
            }
        }
        assertThat(store.list("").count()).isEqualTo((long) threads * objectsPerThread);
        assertThat(unfinishedWrites()).isEmpty();
    }

    // ---- helpers

    @FunctionalInterface
    interface ThrowingCall {
        void run() throws Exception;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] random(int size, long seed) {
        byte[] bytes = new byte[size];
        fill(bytes, size, new SplittableRandom(seed));
        return bytes;
    }

    private static void fill(byte[] bytes, int length, SplittableRandom random) {
        for (int i = 0; i < length; i += 8) {
            long value = random.nextLong();
            for (int j = i; j < Math.min(length, i + 8); j++) {
                bytes[j] = (byte) value;
                value >>>= 8;
            }
        }
    }

    static byte[] read(RandomAccessSource source, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        source.readFully(position, buffer);
        assertThat(buffer.hasRemaining()).isFalse();
        return buffer.array();
    }

    private static MessageDigest sha256() throws NoSuchAlgorithmException {
        return MessageDigest.getInstance("SHA-256");
    }
}
