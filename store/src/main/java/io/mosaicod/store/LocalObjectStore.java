package io.mosaicod.store;

import io.mosaicod.core.io.RandomAccessSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Objects are files under a root directory; key {@code a/b/c} is file {@code root/a/b/c}.
 *
 * <p>Writes go to a temporary file in the target directory named {@code .tmp-<name>-<random>}
 * ({@link ObjectKeys#RESERVED_PREFIX}), which is fsynced and then atomically renamed onto the final name,
 * and the directory is fsynced: a reader never sees a partial object, and a crash leaves at most a
 * temporary file that listings skip and {@link #deleteFolder} removes. A directory holding no object (only
 * temporary files, or nothing) is not listed as a common prefix, just as S3 has no empty "folders".
 *
 * <p>Where the file system takes it, objects are written with {@code O_DIRECT} ({@link DirectTemporaryFile}).
 *
 * <p>One difference from S3 remains: a key cannot be both an object and a folder ({@code a/b} and
 * {@code a/b/c}), since a path is either a file or a directory. The store layout never does that.
 */
public final class LocalObjectStore implements ObjectStore {
    private static final Path DISCARD = Path.of("/dev/null");
    private final Path root;
    private final OptionalInt directAlignment;
    private final DirectorySyncs directorySyncs = new DirectorySyncs();

    /** Writes objects with {@code O_DIRECT} where the root's file system takes it, else through the page cache. */
    public LocalObjectStore(Path root) throws IOException {
        this(root, true);
    }

    LocalObjectStore(Path root, boolean directWrites) throws IOException {
        this.root = Files.createDirectories(root).toAbsolutePath();
        this.directAlignment = directWrites
                ? DirectTemporaryFile.alignmentFor(this.root, LocalObjectWriter.temporaryName(this.root.resolve("direct-io-probe")))
                : OptionalInt.empty();
    }

    public Path root() {
        return root;
    }

    /** Whether objects are written with {@code O_DIRECT}. */
    boolean writesDirect() {
        return directAlignment.isPresent();
    }

    @Override
    public void put(String key, byte[] bytes) throws IOException {
        try (ObjectWriter writer = newWriter(key)) {
            writer.stream().write(bytes);
            writer.commit();
        }
    }

    @Override
    public ObjectWriter newWriter(String key) throws IOException {
        return LocalObjectWriter.create(ObjectKeys.requireValidKey(key), path(key), directAlignment,
                directorySyncs);
    }

    @Override
    public byte[] get(String key) throws IOException {
        Path path = existingFile(key);
        try {
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw notFound(key, e);
        } catch (IOException e) {
            throw failure("read", key, e);
        }
    }

    @Override
    public RandomAccessSource openSource(String key) throws IOException {
        Path path = existingFile(key);
        try {
            return new LocalFileSource(key, FileChannel.open(path, StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            throw notFound(key, e);
        } catch (IOException e) {
            throw failure("open", key, e);
        }
    }

    /**
     * Sends the file to {@code /dev/null} with {@code sendfile}: the kernel reads it into its page cache with
     * its own large sequential read-ahead, and no byte is copied to this process.
     */
    @Override
    public void readAhead(String key) throws IOException {
        Path path = existingFile(key);
        if (!Files.isWritable(DISCARD)) {
            return;
        }
        try (FileChannel file = FileChannel.open(path, StandardOpenOption.READ);
             FileChannel discard = FileChannel.open(DISCARD, StandardOpenOption.WRITE)) {
            long size = file.size();
            long at = 0;
            while (at < size) {
                long sent = file.transferTo(at, size - at, discard);
                if (sent <= 0) {
                    break;
                }
                at += sent;
            }
        } catch (NoSuchFileException e) {
            throw notFound(key, e);
        } catch (IOException e) {
            throw failure("read ahead", key, e);
        }
    }

    @Override
    public boolean hasFileCache() {
        return true;
    }

    @Override
    public ObjectInfo head(String key) throws IOException {
        Path path = existingFile(key);
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            return new ObjectInfo(key, attributes.size(), attributes.lastModifiedTime().toInstant());
        } catch (NoSuchFileException e) {
            throw notFound(key, e);
        } catch (IOException e) {
            throw failure("head", key, e);
        }
    }

    @Override
    public Stream<ObjectInfo> list(String prefix) {
        return LocalListing.recursive(root, ObjectKeys.requireValidPrefix(prefix));
    }

    @Override
    public Stream<ListEntry> listDelimited(String prefix) {
        return LocalListing.delimited(root, ObjectKeys.requireValidPrefix(prefix));
    }

    @Override
    public void delete(String key) throws IOException {
        Path path = path(ObjectKeys.requireValidKey(key));
        if (Files.isDirectory(path)) {
            return; // a folder is not an object: there is nothing under exactly this key
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw failure("delete", key, e);
        }
    }

    @Override
    public long deleteFolder(String folder) throws IOException {
        String prefix = ObjectKeys.folderPrefix(folder);
        Path directory = path(prefix.substring(0, prefix.length() - 1));
        AtomicLong deletedObjects = new AtomicLong();
        try {
            Files.walkFileTree(directory, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    if (Files.deleteIfExists(file) && !LocalListing.isTemporary(file)) {
                        deletedObjects.incrementAndGet();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE; // a concurrent cleanup got there first
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    if (e != null && !(e instanceof NoSuchFileException)) {
                        throw e;
                    }
                    try {
                        Files.deleteIfExists(dir);
                    } catch (DirectoryNotEmptyException raced) {
                        // a writer created a file meanwhile; its object survives, as on S3
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException e) {
            return deletedObjects.get();
        } catch (IOException e) {
            throw failure("delete folder", prefix, e);
        }
        return deletedObjects.get();
    }

    @Override
    public void copy(String sourceKey, String targetKey) throws IOException {
        Path source = existingFile(sourceKey);
        try (ObjectWriter writer = newWriter(targetKey)) {
            try {
                Files.copy(source, writer.stream());
            } catch (NoSuchFileException e) {
                throw notFound(sourceKey, e);
            }
            writer.commit();
        }
    }

    @Override
    public void close() {
        // no resources: every operation opens and closes its own files
    }

    @Override
    public String toString() {
        return "local store " + root;
    }

    private Path path(String key) {
        return root.resolve(key);
    }

    /** The file of an existing object; a directory (a folder, not an object) counts as missing. */
    private Path existingFile(String key) throws ObjectNotFoundException {
        Path path = path(ObjectKeys.requireValidKey(key));
        if (!Files.isRegularFile(path)) {
            throw notFound(key, null);
        }
        return path;
    }

    private ObjectNotFoundException notFound(String key, IOException cause) {
        return new ObjectNotFoundException(key, root.toString(), cause);
    }

    private ObjectStoreException failure(String operation, String key, IOException cause) {
        return new ObjectStoreException(key, operation + " '" + key + "' in " + root + " failed: " + cause, cause);
    }

    static UncheckedIOException unchecked(String prefix, Path root, IOException e) {
        return new UncheckedIOException(new ObjectStoreException(prefix,
                "listing '" + prefix + "' in " + root + " failed: " + e, e));
    }
}
