/**
 * The read path (PROTOCOL.md §5): ListFlights, GetFlightInfo with its manifests and range statistics, and
 * DoGet, which merges a topic's chunks in time order.
 */
package io.mosaicod.server.read;
