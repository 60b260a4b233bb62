/** Arrow Flight glue: the producer serving the Flight methods. */
package io.mosaicod.server.flight;
