package io.mosaicod.store;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;

/** Writes a temp file beside the target, then fsync + atomic rename + directory fsync on commit. */
final class LocalObjectWriter extends ObjectWriter {
    private static final int BUFFER_BYTES = 64 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path target;
    private final Path temporary;
    private final FileChannel channel;
    private final OutputStream out;

    private LocalObjectWriter(String key, Path target, Path temporary, FileChannel channel) {
        super(key);
        this.target = target;
        this.temporary = temporary;
        this.channel = channel;
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
    }

    static LocalObjectWriter create(String key, Path target) throws IOException {
        Path temporary = target.resolveSibling(temporaryName(target));
        try {
            Files.createDirectories(target.getParent());
            FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new LocalObjectWriter(key, target, temporary, channel);
        } catch (IOException e) {
            throw new ObjectStoreException(key, "cannot start writing '" + key + "' at " + temporary + ": " + e, e);
        }
    }

    @Override
    protected void append(byte[] bytes, int offset, int length) throws IOException {
        try {
            out.write(bytes, offset, length);
        } catch (IOException e) {
            throw failure("write", e);
        }
    }

    @Override
    protected void publish() throws IOException {
        try {
            out.flush();
            channel.force(true);
            channel.close();
            moveIntoPlace();
            syncDirectory(target.getParent());
        } catch (IOException e) {
            throw failure("commit", e);
        }
    }

    @Override
    protected void discard() throws IOException {
        try {
            channel.close();
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

    private static String temporaryName(Path target) {
        byte[] random = new byte[8];
        RANDOM.nextBytes(random);
        return ObjectKeys.RESERVED_PREFIX + target.getFileName() + "-" + HexFormat.of().formatHex(random);
    }
}
