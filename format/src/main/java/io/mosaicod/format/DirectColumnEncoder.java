package io.mosaicod.format;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Encodes a leaf column straight from its Arrow buffers into PLAIN v1 data pages of its
 * {@link BufferedColumnChunk}, without parquet-java's value and level writers (which copy every value several
 * times): what the profiles without a dictionary use for every column whose values need no conversion.
 */
interface DirectColumnEncoder {

    void bind(VectorSchemaRoot batch);

    /** Encodes top-level rows {@code [from, to)} of the bound batch. */
    void writeRows(int from, int to) throws IOException;

    /** Bytes of the page being filled, not yet in the column chunk. */
    long openPageBytes();

    /** Bytes of this column in the open row group: its compressed pages and the page being filled. */
    long bufferedBytes();

    /** Compresses the open page, if it has values, into the column chunk. */
    void finishPage() throws IOException;

    void release();
}
