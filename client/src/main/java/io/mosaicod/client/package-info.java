/**
 * A Java client of mosaicod's Flight protocol: {@link io.mosaicod.client.MosaicoClient} (actions, uploads,
 * GetFlightInfo, DoGet, with the server's exact gRPC codes in {@link io.mosaicod.client.MosaicoException}) and
 * {@link io.mosaicod.client.SequenceWriter}, the Python SDK's write sequence.
 */
package io.mosaicod.client;
