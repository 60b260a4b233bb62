package io.mosaicod.store;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.OptionalInt;

/**
 * Writes a temp file beside the target, then fsync + atomic rename + directory fsync on commit (the last shared
 * with the store's other writers of that directory: {@link DirectorySyncs}).
 */
final class LocalObjectWriter extends ObjectWriter {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path target;
    private final Path temporary;
    private final TemporaryFile file;
    private final DirectorySyncs directorySyncs;

    private LocalObjectWriter(String key, Path target, Path temporary, TemporaryFile file,
                              DirectorySyncs directorySyncs) {
        super(key);
        this.target = target;
        this.temporary = temporary;
        this.file = file;
        this.directorySyncs = directorySyncs;
    }

    /**
     * @param directAlignment the alignment for {@code O_DIRECT} writes, empty to write through the page cache
     * @param directorySyncs  the store's directory fsyncs, shared by its writers
     */
    static LocalObjectWriter create(String key, Path target, OptionalInt directAlignment,
                                    DirectorySyncs directorySyncs) throws IOException {
        Path temporary = target.resolveSibling(temporaryName(target));
        try {
            if (!Files.isDirectory(target.getParent())) { // one stat: creating an existing one costs an exception
                createDurably(target.getParent(), directorySyncs);
            }
            TemporaryFile file = directAlignment.isPresent()
                    ? DirectTemporaryFile.create(temporary, directAlignment.getAsInt())
                    : BufferedTemporaryFile.create(temporary);
            return new LocalObjectWriter(key, target, temporary, file, directorySyncs);
        } catch (IOException e) {
            throw new ObjectStoreException(key, "cannot start writing '" + key + "' at " + temporary + ": " + e, e);
        }
    }

    /**
     * Creates {@code directory} and its missing ancestors, each entry made durable in its parent: a crash must not
     * forget a new topic folder whose chunks were synced and recorded (the rename's fsync covers only the last).
     */
    private static void createDurably(Path directory, DirectorySyncs directorySyncs) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path d = directory; d != null && !Files.isDirectory(d); d = d.getParent()) {
            missing.push(d);
        }
        Files.createDirectories(directory);
        for (Path created : missing) {
            directorySyncs.sync(created.getParent());
        }
    }

    @Override
    protected void append(byte[] bytes, int offset, int length) throws IOException {
        try {
            file.append(bytes, offset, length);
        } catch (IOException e) {
            throw failure("write", e);
        }
    }

    @Override
    protected void writeOut() throws IOException {
        try {
            file.writeOut();
        } catch (IOException e) {
            throw failure("write", e);
        }
    }

    @Override
    protected void publish() throws IOException {
        try {
            file.sync();
            file.close();
            moveIntoPlace();
            // makes the rename itself durable: without it a crash may forget the new directory entry
            directorySyncs.sync(target.getParent());
        } catch (IOException e) {
            throw failure("commit", e);
        }
    }

    @Override
    protected void discard() throws IOException {
        try {
            file.close();
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            throw failure("abort", e);
        }
    }

    private void moveIntoPlace() throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("file system of " + target + " cannot rename atomically", e);
        } catch (NoSuchFileException e) {
            throw new IOException("temporary file " + temporary + " vanished (folder deleted while writing?)", e);
        }
    }

    private ObjectStoreException failure(String operation, IOException cause) {
        return new ObjectStoreException(key(), operation + " of '" + key() + "' (" + temporary + ") failed: "
                + cause, cause);
    }

    static String temporaryName(Path target) {
        byte[] random = new byte[8];
        RANDOM.nextBytes(random);
        return ObjectKeys.RESERVED_PREFIX + target.getFileName() + "-" + HexFormat.of().formatHex(random);
    }
}
