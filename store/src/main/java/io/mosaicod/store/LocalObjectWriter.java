package io.mosaicod.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.OptionalInt;

/** Writes a temp file beside the target, then fsync + atomic rename + directory fsync on commit. */
final class LocalObjectWriter extends ObjectWriter {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path target;
    private final Path temporary;
    private final TemporaryFile file;

    private LocalObjectWriter(String key, Path target, Path temporary, TemporaryFile file) {
        super(key);
        this.target = target;
        this.temporary = temporary;
        this.file = file;
    }

    /** @param directAlignment the alignment for {@code O_DIRECT} writes, empty to write through the page cache */
    static LocalObjectWriter create(String key, Path target, OptionalInt directAlignment) throws IOException {
        Path temporary = target.resolveSibling(temporaryName(target));
        try {
            Files.createDirectories(target.getParent());
            TemporaryFile file = directAlignment.isPresent()
                    ? DirectTemporaryFile.create(temporary, directAlignment.getAsInt())
                    : BufferedTemporaryFile.create(temporary);
            return new LocalObjectWriter(key, target, temporary, file);
        } catch (IOException e) {
            throw new ObjectStoreException(key, "cannot start writing '" + key + "' at " + temporary + ": " + e, e);
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
    protected void publish() throws IOException {
        try {
            file.sync();
            file.close();
            moveIntoPlace();
            syncDirectory(target.getParent());
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

    /** Makes the rename itself durable: without it a crash may forget the new directory entry. */
    private static void syncDirectory(Path directory) throws IOException {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
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
