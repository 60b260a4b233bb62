package io.mosaicod.store;

import io.mosaicod.core.Ulid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Tag("fast")
class FolderTest {
    private static final Ulid ID = Ulid.parse("01JABCDEFGHJKMNPQRSTVWXYZ0");
    private static final Folder TOPIC = new Folder(Folder.Kind.TOPIC, ID);

    @Test
    void newFoldersAreNamedByKindAndAFreshUlid() {
        Folder topic = Folder.newTopic();
        Folder sequence = Folder.newSequence();

        assertThat(topic.name()).matches("tp_[0-9A-HJKMNP-TV-Z]{26}");
        assertThat(sequence.name()).matches("sq_[0-9A-HJKMNP-TV-Z]{26}");
        assertThat(Folder.newTopic()).isNotEqualTo(topic);
        assertThat(Folder.parse(topic.name())).contains(topic);
        assertThat(Folder.parse(sequence.name())).contains(sequence);
    }

    @Test
    void aFolderNamesItsMetadataMarkerAndChunkKeys() {
        String name = "tp_01JABCDEFGHJKMNPQRSTVWXYZ0";

        assertThat(TOPIC.name()).isEqualTo(name);
        assertThat(TOPIC.prefix()).isEqualTo(name + "/");
        assertThat(TOPIC.metadataKey()).isEqualTo(name + "/metadata.json");
        assertThat(TOPIC.toDeleteMarkerKey()).isEqualTo(name + "/TO_DELETE");
        assertThat(TOPIC.dataPrefix()).isEqualTo(name + "/data/");
        assertThat(TOPIC.chunkKey(0)).isEqualTo(name + "/data/00000.parquet");
        assertThat(TOPIC.chunkKey(1)).isEqualTo(name + "/data/00001.parquet");
        assertThat(TOPIC.chunkKey(99_999)).isEqualTo(name + "/data/99999.parquet");
        assertThat(new Folder(Folder.Kind.SEQUENCE, ID).metadataKey())
                .isEqualTo("sq_01JABCDEFGHJKMNPQRSTVWXYZ0/metadata.json");
    }

    @Test
    void chunkKeysSortByIndexBelowOneHundredThousandAndWidenBeyond() {
        List<String> keys = IntStream.of(0, 9, 10, 99, 100, 12_345, 99_999).mapToObj(TOPIC::chunkKey).toList();
        assertThat(keys).isSorted();
        assertThat(TOPIC.chunkKey(100_000)).endsWith("/data/100000.parquet");
        assertThat(TOPIC.chunkKey(Integer.MAX_VALUE)).endsWith("/data/2147483647.parquet");
        assertThatThrownBy(() -> TOPIC.chunkKey(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }

    @Test
    void chunkIndexReadsBackOnlyTheKeysChunkKeyWrites() {
        for (int index : new int[] {0, 7, 99_999, 100_000, 123_456_789, Integer.MAX_VALUE}) {
            assertThat(TOPIC.chunkIndex(TOPIC.chunkKey(index))).as("index %d", index).hasValue(index);
        }
        String data = TOPIC.dataPrefix();
        for (String foreign : List.of(data + "0000.parquet", data + "000001.parquet", data + "00000.parq",
                data + "0000a.parquet", data + "-0001.parquet", data + "2147483648.parquet",
                TOPIC.metadataKey(), Folder.newTopic().chunkKey(0), data + "x/00000.parquet")) {
            assertThat(TOPIC.chunkIndex(foreign)).as(foreign).isEqualTo(OptionalInt.empty());
        }
    }

    @Test
    void onlyCanonicalTopLevelNamesAreRecognisedAsOurs() {
        String ulid = ID.toString();
        assertThat(Folder.parse("tp_" + ulid)).contains(TOPIC);
        assertThat(Folder.parse("tp_" + ulid + "/")).as("a listing's common prefix").contains(TOPIC);
        assertThat(Folder.parse("sq_" + ulid)).contains(new Folder(Folder.Kind.SEQUENCE, ID));

        for (String stranger : List.of("tp_" + ulid.toLowerCase(Locale.ROOT), "TP_" + ulid, "xx_" + ulid,
                "tp_" + ulid.substring(1), "tp_" + ulid + "0", "tp_" + ulid.substring(1) + "U",
                "tp_8" + ulid.substring(1), "tp_" + ulid + "/metadata.json", "tp_", "", "lost+found",
                "sq_" + ulid + "//")) {
            assertThat(Folder.parse(stranger)).as(stranger).isEqualTo(Optional.empty());
            assertThat(Folder.isFolderName(stranger)).as(stranger).isFalse();
        }
    }

    @Test
    void aTopLevelListingTellsOurFoldersFromStrangers(@TempDir Path root) throws IOException {
        try (ObjectStore store = new LocalObjectStore(root)) {
            Folder topic = Folder.newTopic();
            Folder sequence = Folder.newSequence();
            store.put(topic.chunkKey(0), new byte[1]);
            store.put(sequence.metadataKey(), new byte[1]);
            store.put("backups/dump.sql", new byte[1]);
            store.put("README", new byte[1]);

            List<Folder> ours = store.listDelimited("").map(ListEntry::key).map(Folder::parse)
                    .flatMap(Optional::stream).toList();

            assertThat(ours).containsExactlyInAnyOrder(topic, sequence);
        }
    }
}
