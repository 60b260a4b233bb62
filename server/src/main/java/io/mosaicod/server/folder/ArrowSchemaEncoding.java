package io.mosaicod.server.folder;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.Base64;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A schema as base64 of its encapsulated Arrow IPC message, the form of Parquet's {@code ARROW:schema}
 * entry: any Arrow implementation restores the exact types, nullability and metadata from it
 * ({@code pyarrow.ipc.read_schema}).
 */
final class ArrowSchemaEncoding {
    private ArrowSchemaEncoding() {
    }

    static String encode(Schema schema) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            MessageSerializer.serialize(new WriteChannel(Channels.newChannel(bytes)), schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory stream: cannot happen
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    static Schema decode(String encoded) throws IOException {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new IOException("arrow_schema is not base64", e);
        }
        Schema schema = MessageSerializer.deserializeSchema(
                new ReadChannel(Channels.newChannel(new ByteArrayInputStream(bytes))));
        if (schema == null) {
            throw new IOException("arrow_schema holds no schema message");
        }
        return schema;
    }
}
