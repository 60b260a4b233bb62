package io.mosaicod.server.catalog;

import io.mosaicod.core.search.BadFilterException;
import io.mosaicod.read.search.MissingTimestampException;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.arrow.memory.OutOfMemoryException;

/** What a search on the data that failed tells its client, for {@code query} and the cluster actions alike. */
final class SearchRefusals {
    private SearchRefusals() {
    }

    /** The refusal for {@code failure}; {@code what} names the work in a server-side I/O failure. */
    static RuntimeException of(Exception failure, String what) {
        if (failure instanceof BadFilterException bad) {
            return new ProtocolException(ErrorCode.INVALID_ARGUMENT, bad.getMessage(), bad);
        }
        if (failure instanceof MissingTimestampException missing) {
            return new ProtocolException(ErrorCode.DATA_LOSS, missing.getMessage() + ".", missing);
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryException) {
                // the search's allocator is capped by the pool: its refusal is about the pool, not the server
                return new ProtocolException(ErrorCode.RESOURCE_EXHAUSTED, "The query engine's memory pool cannot"
                        + " hold this search next to the others running; retry later, or ask the operator to raise"
                        + " MOSAICOD_QUERY_ENGINE_MEMORY_POOL_SIZE.", failure);
            }
        }
        if (failure instanceof IOException io) {
            return new UncheckedIOException(what + " failed", io);
        }
        return (RuntimeException) failure;
    }
}
