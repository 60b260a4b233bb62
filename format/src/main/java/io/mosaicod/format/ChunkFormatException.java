package io.mosaicod.format;

import java.io.IOException;

/**
 * A chunk that cannot be read: not Parquet, truncated, corrupt, or carrying an {@code ARROW:schema} that does
 * not decode or does not match its Parquet schema. The message names the chunk (its object key).
 */
public class ChunkFormatException extends IOException {

    private final String chunkName;

    public ChunkFormatException(String chunkName, String problem) {
        super("chunk '" + chunkName + "': " + problem);
        this.chunkName = chunkName;
    }

    public ChunkFormatException(String chunkName, String problem, Throwable cause) {
        super("chunk '" + chunkName + "': " + problem + (cause.getMessage() == null ? "" : ": " + cause.getMessage()),
              cause);
        this.chunkName = chunkName;
    }

    /** The object key or path of the chunk concerned. */
    public String chunkName() {
        return chunkName;
    }
}
