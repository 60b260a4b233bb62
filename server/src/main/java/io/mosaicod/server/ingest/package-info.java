/**
 * DoPut: the server's own gRPC method ({@link io.mosaicod.server.ingest.DoPutService}) reads every FlightData
 * message as sent, checks the stream against PROTOCOL.md §4, and turns each record batch into one chunk:
 * codec, then store, then repository row.
 */
package io.mosaicod.server.ingest;
