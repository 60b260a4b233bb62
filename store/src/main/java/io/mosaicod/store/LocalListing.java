package io.mosaicod.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Lists a {@link LocalObjectStore} in S3's order ({@link ObjectKeys#ORDER}) without holding the
 * whole tree: each directory is read and sorted when the walk reaches it. Sorting a directory's entries
 * with {@code /} appended to sub-directory names yields the global key order, because every key below a
 * directory shares that directory's key plus {@code /}. Temporary files are never listed.
 */
final class LocalListing {
    private LocalListing() {
    }

    static Stream<ObjectInfo> recursive(Path root, String prefix) {
        int slash = prefix.lastIndexOf('/');
        String directoryKey = prefix.substring(0, slash + 1);
        String namePrefix = prefix.substring(slash + 1);
        Iterator<ObjectInfo> walk = new Walk(root, prefix, root.resolve(directoryKey), directoryKey, namePrefix);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(walk,
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT), false);
    }

    static Stream<ListEntry> delimited(Path root, String prefix) {
        int slash = prefix.lastIndexOf('/');
        String directoryKey = prefix.substring(0, slash + 1);
        String namePrefix = prefix.substring(slash + 1);
        return children(root, prefix, root.resolve(directoryKey), directoryKey, namePrefix).stream()
                .<ListEntry>map(child -> child.directory ? new PrefixEntry(child.key + "/") : child.object())
                .filter(entry -> !(entry instanceof PrefixEntry p) || holdsAnObject(root, prefix, root.resolve(p.key())));
    }

    /**
     * Whether any object is stored below {@code directory}, as S3 lists a common prefix only then. It stops at the
     * first object found, reading the directories unsorted, so a topic folder of thousands of chunks costs what a
     * folder of one does: listing the store's top level reads a few entries per folder, not the folders' insides.
     */
    private static boolean holdsAnObject(Path root, String listedPrefix, Path directory) {
        List<Path> subdirectories = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path path : entries) {
                if (isTemporary(path)) {
                    continue;
                }
                BasicFileAttributes attributes;
                try {
                    attributes = Files.readAttributes(path, BasicFileAttributes.class);
                } catch (NoSuchFileException deletedMeanwhile) {
                    continue;
                }
                if (attributes.isRegularFile()) {
                    return true;
                }
                if (attributes.isDirectory()) {
                    subdirectories.add(path);
                }
            }
        } catch (NoSuchFileException | NotDirectoryException absent) {
            return false;
        } catch (IOException e) {
            throw LocalObjectStore.unchecked(listedPrefix, root, e);
        }
        return subdirectories.stream().anyMatch(subdirectory -> holdsAnObject(root, listedPrefix, subdirectory));
    }

    static boolean isTemporary(Path file) {
        return file.getFileName().toString().startsWith(ObjectKeys.RESERVED_PREFIX);
    }

    /** Entries of one directory whose name starts with {@code namePrefix}, in key order. */
    private static List<Child> children(Path root, String listedPrefix, Path directory, String directoryKey,
                                        String namePrefix) {
        List<Child> children = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path path : entries) {
                String name = path.getFileName().toString();
                if (!name.startsWith(namePrefix) || isTemporary(path)) {
                    continue;
                }
                BasicFileAttributes attributes;
                try {
                    attributes = Files.readAttributes(path, BasicFileAttributes.class);
                } catch (NoSuchFileException deletedMeanwhile) {
                    continue;
                }
                if (attributes.isDirectory() || attributes.isRegularFile()) {
                    children.add(new Child(directoryKey + name, attributes));
                }
            }
        } catch (NoSuchFileException | NotDirectoryException absent) {
            return List.of();
        } catch (IOException e) {
            throw LocalObjectStore.unchecked(listedPrefix, root, e);
        }
        children.sort((a, b) -> ObjectKeys.ORDER.compare(a.sortKey, b.sortKey));
        return children;
    }

    private static final class Child {
        final String key;
        final boolean directory;
        final long size;
        final Instant lastModified;
        final String sortKey;

        Child(String key, BasicFileAttributes attributes) {
            this.key = key;
            this.directory = attributes.isDirectory();
            this.size = attributes.size();
            this.lastModified = attributes.lastModifiedTime().toInstant();
            this.sortKey = directory ? key + "/" : key;
        }

        ObjectInfo object() {
            return new ObjectInfo(key, size, lastModified);
        }
    }

    /** Depth-first walk holding one sorted listing per open directory level. */
    private static final class Walk implements Iterator<ObjectInfo> {
        private final Path root;
        private final String listedPrefix;
        private final Deque<Iterator<Child>> levels = new ArrayDeque<>();
        private ObjectInfo next;

        Walk(Path root, String listedPrefix, Path directory, String directoryKey, String namePrefix) {
            this.root = root;
            this.listedPrefix = listedPrefix;
            levels.push(children(root, listedPrefix, directory, directoryKey, namePrefix).iterator());
        }

        @Override
        public boolean hasNext() {
            while (next == null && !levels.isEmpty()) {
                Iterator<Child> level = levels.peek();
                if (!level.hasNext()) {
                    levels.pop();
                    continue;
                }
                Child child = level.next();
                if (child.directory) {
                    levels.push(children(root, listedPrefix, root.resolve(child.key), child.key + "/", "")
                            .iterator());
                } else {
                    next = child.object();
                }
            }
            return next != null;
        }

        @Override
        public ObjectInfo next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            ObjectInfo result = next;
            next = null;
            return result;
        }
    }
}
