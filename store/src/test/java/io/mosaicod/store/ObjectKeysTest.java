package io.mosaicod.store;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Tag("fast")
class ObjectKeysTest {

    @Test
    void validKeysPassUnchanged() {
        for (String key : List.of("a", "tp_X/data/00000.parquet", "a b/c+d=e", "ünïcode/ключ", ".hidden", "a.tmp-b")) {
            assertThat(ObjectKeys.requireValidKey(key)).isEqualTo(key);
        }
    }

    @Test
    void keysThatCouldNotBeTheSameOnDiskAndOnS3AreRejectedNamingTheKey() {
        for (String key : List.of("/abs", "dir/", "a//b", ".", "..", "a/../b", "a/./b", "back\\slash",
                "tab\there", ".tmp-x", "dir/.tmp-x")) {
            assertThatThrownBy(() -> ObjectKeys.requireValidKey(key)).as(key)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(key);
        }
        assertThatThrownBy(() -> ObjectKeys.requireValidKey("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ObjectKeys.requireValidKey("x".repeat(1025)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1024");
        assertThat(ObjectKeys.requireValidKey("x".repeat(1024))).hasSize(1024);
    }

    @Test
    void prefixesMayBeEmptyPartialOrEndInASlash() {
        for (String prefix : List.of("", "tp_", "tp_X/", "tp_X/da")) {
            assertThat(ObjectKeys.requireValidPrefix(prefix)).isEqualTo(prefix);
        }
        for (String prefix : List.of("/", "/tp_", "a//", "../x")) {
            assertThatThrownBy(() -> ObjectKeys.requireValidPrefix(prefix)).as(prefix)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(ObjectKeys.folderPrefix("tp_X")).isEqualTo("tp_X/");
        assertThat(ObjectKeys.folderPrefix("tp_X/")).isEqualTo("tp_X/");
    }

    @Test
    void keyOrderIsUtf8ByteOrderLikeS3() {
        List<String> keys = new java.util.ArrayList<>(List.of("a/b", "a.b", "a-c", "a0", "\uFFFD", "\uD83D\uDE00", "é", "A"));
        keys.sort(ObjectKeys.ORDER);

        // UTF-8: 'A' < 'a-c' < 'a.b' < 'a/b' < 'a0' < é (C3 A9) < U+FFFD (EF BF BD) < U+1F600 (F0 9F 98 80);
        // UTF-16 order would put the emoji's surrogates (D83D) before U+FFFD.
        assertThat(keys).containsExactly("A", "a-c", "a.b", "a/b", "a0", "é", "\uFFFD", "\uD83D\uDE00");
    }
}
