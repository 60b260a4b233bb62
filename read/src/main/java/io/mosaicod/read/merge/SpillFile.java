package io.mosaicod.read.merge;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A sorted run spilled to a local temporary file as an Arrow IPC stream: written batch by batch by a merge
 * pass, read back batch by batch by the next one. Uncompressed, because it lives only for one topic's
 * rewrite and the merge is CPU bound.
 */
public final class SpillFile {
    private SpillFile() {
    }

    /**
     * Writes the batches a merge emits into {@code file}; {@link #close()} ends the stream. Failures (a full
     * disk) name the file, and the file is closed even then, so its space is given back once it is deleted.
     */
    public static final class Writer implements TimeOrderedMerge.BatchSink, AutoCloseable {
        private final Path file;
        private final WriteChannel channel;
        private long rows;

        public Writer(Path file, Schema schema) throws IOException {
            this.file = file;
            this.channel = new WriteChannel(Channels.newChannel(
                    new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)));
            try {
                MessageSerializer.serialize(channel, schema);
            } catch (IOException e) {
                channel.close();
                throw failure(e);
            }
        }

        @Override
        public void accept(VectorSchemaRoot batch) throws IOException {
            try (ArrowRecordBatch recordBatch = new VectorUnloader(batch).getRecordBatch()) {
                MessageSerializer.serialize(channel, recordBatch);
            } catch (IOException e) {
                throw failure(e);
            }
            rows += batch.getRowCount();
        }

        public long rows() {
            return rows;
        }

        @Override
        public void close() throws IOException {
            try {
                channel.writeIntLittleEndian(MessageSerializer.IPC_CONTINUATION_TOKEN);
                channel.writeIntLittleEndian(0); // end-of-stream marker
            } catch (IOException e) {
                try {
                    channel.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw failure(e);
            }
            try {
                channel.close();
            } catch (IOException e) {
                throw failure(e);
            }
        }

        private IOException failure(IOException e) {
            return new IOException("cannot write spill file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a spilled run back; the file is deleted when the run is closed. */
    public static SortedRun open(Path file, BufferAllocator allocator) throws IOException {
        InputStream in = Files.newInputStream(file);
        ArrowStreamReader reader = new ArrowStreamReader(in, allocator);
        return new SortedRun() {
            @Override
            public VectorSchemaRoot nextBatch() throws IOException {
                return reader.loadNextBatch() ? reader.getVectorSchemaRoot() : null;
            }

            @Override
            public void close() throws IOException {
                try {
                    reader.close();
                } finally {
                    Files.deleteIfExists(file);
                }
            }
        };
    }
}
