package io.mosaicod.store;

import io.mosaicod.core.Ulid;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A top-level store folder (DESIGN.md §5): {@code sq_<ULID>} holds a sequence's {@code metadata.json};
 * {@code tp_<ULID>} holds a topic's {@code metadata.json} and its chunks {@code data/00000.parquet},
 * {@code data/00001.parquet}, ... Folder names never contain locators; the repository maps locators to
 * folders.
 *
 * <p>Only the canonical form this class writes (lower-case kind prefix, upper-case 26-character ULID) is
 * recognised as ours, so the cleanup never mistakes a foreign top-level name for a folder it may delete.
 */
public record Folder(Kind kind, Ulid id) {
    public static final String METADATA_FILE = "metadata.json";
    public static final String DATA_DIRECTORY = "data";
    /**
     * The mark that upstream mosaicod and earlier versions of this cleanup put on a folder nothing referenced. The
     * cleanup no longer writes or reads it: its orphan sweep finds such folders as unreferenced.
     */
    public static final String TO_DELETE_MARKER = "TO_DELETE";
    private static final String CHUNK_SUFFIX = ".parquet";

    public enum Kind {
        SEQUENCE("sq_"), TOPIC("tp_");

        private final String namePrefix;

        Kind(String namePrefix) {
            this.namePrefix = namePrefix;
        }

        public String namePrefix() {
            return namePrefix;
        }
    }

    public Folder {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
    }

    public static Folder newSequence() {
        return new Folder(Kind.SEQUENCE, Ulid.generate());
    }

    public static Folder newTopic() {
        return new Folder(Kind.TOPIC, Ulid.generate());
    }

    /**
     * The folder named {@code name} (a trailing {@code /}, as in a listing's common prefix, is accepted),
     * or empty if the name is not one of ours.
     */
    public static Optional<Folder> parse(String name) {
        String bare = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        for (Kind kind : Kind.values()) {
            if (bare.length() == kind.namePrefix.length() + Ulid.LENGTH && bare.startsWith(kind.namePrefix)) {
                String ulid = bare.substring(kind.namePrefix.length());
                if (Ulid.isValid(ulid)) {
                    Folder folder = new Folder(kind, Ulid.parse(ulid));
                    if (folder.name().equals(bare)) { // canonical upper case only
                        return Optional.of(folder);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Whether a top-level name (e.g. a common prefix from {@code listDelimited("")}) is one of our folders. */
    public static boolean isFolderName(String name) {
        return parse(name).isPresent();
    }

    /** {@code sq_<ULID>} or {@code tp_<ULID>}. */
    public String name() {
        return kind.namePrefix + id;
    }

    /** {@code <name>/}: every key of the folder starts with it. */
    public String prefix() {
        return name() + "/";
    }

    public String metadataKey() {
        return prefix() + METADATA_FILE;
    }

    public String toDeleteMarkerKey() {
        return prefix() + TO_DELETE_MARKER;
    }

    /** {@code <name>/data/}: every chunk key starts with it. */
    public String dataPrefix() {
        return prefix() + DATA_DIRECTORY + "/";
    }

    /**
     * {@code <name>/data/<index>.parquet} with the index zero-padded to 5 digits. Indexes from 100000 on
     * simply get more digits ({@code 100000.parquet}); the names stay unique but no longer sort by index, which
     * is harmless because the repository, not a listing, orders a topic's chunks.
     */
    public String chunkKey(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("chunk index must be >= 0: " + index);
        }
        String digits = Integer.toString(index);
        // zero-padded to five digits without a Formatter: a key per chunk received
        return dataPrefix() + "00000".substring(Math.min(5, digits.length())) + digits + CHUNK_SUFFIX;
    }

    /** The index of a key written by {@link #chunkKey}, or empty if {@code key} is not a chunk of this folder. */
    public OptionalInt chunkIndex(String key) {
        String prefix = dataPrefix();
        if (!key.startsWith(prefix) || !key.endsWith(CHUNK_SUFFIX)) {
            return OptionalInt.empty();
        }
        String digits = key.substring(prefix.length(), key.length() - CHUNK_SUFFIX.length());
        if (digits.length() < 5 || digits.length() > 10 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return OptionalInt.empty();
        }
        long index = Long.parseLong(digits);
        if (index > Integer.MAX_VALUE || !chunkKey((int) index).equals(key)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of((int) index);
    }

    @Override
    public String toString() {
        return name();
    }
}
