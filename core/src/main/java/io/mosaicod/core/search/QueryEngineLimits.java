package io.mosaicod.core.search;

/**
 * What one server lets its searches on the data take ({@code [query_engine]}, SEARCH.md §4).
 *
 * @param memoryPoolBytes          cap on the Arrow memory of every search at once; 0 = no cap of its own
 *                                 ({@code MOSAICOD_QUERY_ENGINE_MEMORY_POOL_SIZE}); a search that would exceed it
 *                                 fails with RESOURCE_EXHAUSTED
 * @param maxConcurrentChunkQueries chunks read and judged at once over every search
 *                                 ({@code MOSAICOD_MAX_CONCURRENT_CHUNK_QUERIES})
 * @param maxPlainListEqValues     values an array compared whole with a plain list column may hold
 *                                 ({@code MOSAICOD_MAX_SIZE_PLAIN_LIST_EQ})
 */
public record QueryEngineLimits(long memoryPoolBytes, int maxConcurrentChunkQueries, int maxPlainListEqValues) {
    public static final QueryEngineLimits DEFAULTS = new QueryEngineLimits(0, 4, 1024);

    public QueryEngineLimits {
        if (memoryPoolBytes < 0) {
            throw new IllegalArgumentException("query engine memory pool is " + memoryPoolBytes + " bytes");
        }
        if (maxConcurrentChunkQueries < 1) {
            throw new IllegalArgumentException("concurrent chunk queries is " + maxConcurrentChunkQueries
                    + " but must be >= 1");
        }
        if (maxPlainListEqValues < 0) {
            throw new IllegalArgumentException("plain list equality limit is " + maxPlainListEqValues);
        }
    }
}
