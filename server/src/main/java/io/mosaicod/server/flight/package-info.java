/** Arrow Flight glue: the producer serving the Flight methods, and the mapping of failures to gRPC statuses. */
package io.mosaicod.server.flight;
