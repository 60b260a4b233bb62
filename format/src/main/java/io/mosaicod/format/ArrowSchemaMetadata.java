package io.mosaicod.format;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code ARROW:schema} key-value entry, stored as Arrow C++ (pyarrow) stores it: the schema as an
 * encapsulated IPC message (continuation marker, length, flatbuffer, padding), base64-encoded. Readers that
 * honour it (pyarrow, arrow-rs, DuckDB, this codec) restore the exact types, nullability and metadata. The
 * server stores a topic's schema in its folder's {@code metadata.json} the same way.
 */
public final class ArrowSchemaMetadata {

    static final String KEY = "ARROW:schema";

    private ArrowSchemaMetadata() {
    }

    public static String encode(Schema schema) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            MessageSerializer.serialize(new WriteChannel(Channels.newChannel(bytes)), schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory stream: cannot happen
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /**
     * Decoded schemas by their encoding: every chunk of a topic carries the same one, and a reader of
     * thousands of chunks would otherwise decode it thousands of times. Schemas are immutable.
     */
    private static final Map<String, Schema> DECODED = new ConcurrentHashMap<>();
    private static final int MAX_CACHED = 256;

    /** @param chunkName the object the encoding comes from, named in errors */
    public static Schema decode(String encoded, String chunkName) throws ChunkFormatException {
        Schema cached = DECODED.get(encoded);
        if (cached != null) {
            return cached;
        }
        Schema schema = decodeUncached(encoded, chunkName);
        if (DECODED.size() >= MAX_CACHED) {
            DECODED.clear();
        }
        DECODED.put(encoded, schema);
        return schema;
    }

    private static Schema decodeUncached(String encoded, String chunkName) throws ChunkFormatException {
        try {
            byte[] bytes = Base64.getDecoder().decode(encoded.trim());
            Schema schema = MessageSerializer.deserializeSchema(
                    new ReadChannel(Channels.newChannel(new ByteArrayInputStream(bytes))));
            if (schema == null) {
                throw new ChunkFormatException(chunkName, KEY + " holds no schema message");
            }
            return schema;
        } catch (ChunkFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ChunkFormatException(chunkName, KEY + " does not decode as an Arrow IPC schema", e);
        }
    }
}
