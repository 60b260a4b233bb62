/**
 * The protocol's messages independent of their encoding: action requests and responses, Flight commands,
 * manifests, the status codes and sentences of refusals, the gRPC status every failure maps to, and the
 * validation of user metadata and uuids.
 * {@link io.mosaicod.server.protocol.WireCodec} encodes them; {@link io.mosaicod.server.protocol.JsonWireCodec}
 * is mosaicod 0.7's JSON.
 */
package io.mosaicod.server.protocol;
