/**
 * The mosaicod Flight server (PROTOCOL.md): {@link io.mosaicod.server.MosaicodServer} binds the endpoint with
 * its {@link io.mosaicod.server.ServerSettings}; the cli's {@code mosaicod server} command runs it.
 * Subpackages: {@code protocol} (messages, validation, the wire codec), {@code catalog} (DoAction),
 * {@code ingest} (DoPut), {@code read} (ListFlights, GetFlightInfo, DoGet), {@code folder} (the
 * {@code metadata.json} of store folders), {@code flight} (Flight/gRPC glue and status codes), {@code metrics} (what the server reports for
 * the process's metrics), {@code auth} (API keys).
 */
package io.mosaicod.server;
