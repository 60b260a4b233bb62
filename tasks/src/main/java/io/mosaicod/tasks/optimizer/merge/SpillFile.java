package io.mosaicod.tasks.optimizer.merge;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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

    /** Writes the batches a merge emits into {@code file}; {@link #close()} ends the stream. */
    public static final class Writer implements TimeOrderedMerge.BatchSink, AutoCloseable {
        private final OutputStream stream;
        private final WriteChannel channel;
        private long rows;

        public Writer(Path file, Schema schema) throws IOException {
            this.stream = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
            this.channel = new WriteChannel(Channels.newChannel(stream));
            MessageSerializer.serialize(channel, schema);
        }

        @Override
        public void accept(VectorSchemaRoot batch) throws IOException {
            try (ArrowRecordBatch recordBatch = new VectorUnloader(batch).getRecordBatch()) {
                MessageSerializer.serialize(channel, recordBatch);
            }
            rows += batch.getRowCount();
        }

        public long rows() {
            return rows;
        }

        @Override
        public void close() throws IOException {
            channel.writeIntLittleEndian(MessageSerializer.IPC_CONTINUATION_TOKEN);
            channel.writeIntLittleEndian(0); // end-of-stream marker
            channel.close();
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
