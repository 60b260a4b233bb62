package io.mosaicod.server.protocol;

/**
 * The gRPC status codes the protocol uses (PROTOCOL.md §2). Clients match on these codes only; the message
 * that goes with them is a human sentence.
 */
public enum ErrorCode {
    /** An unknown sequence, topic, session or uuid. */
    NOT_FOUND,
    /** A sequence or topic with this locator exists. */
    ALREADY_EXISTS,
    /** A malformed request: body, locator, uuid, descriptor, schema, time range, unknown action. */
    INVALID_ARGUMENT,
    /** A topic uuid that does not belong to the locator of a DoPut; a missing or refused API key. */
    PERMISSION_DENIED,
    /** The resource is not in a state that allows the request (finalized, uploaded, uploading...). */
    FAILED_PRECONDITION,
    /** A DoPut stream broke the message sequence (a second schema, an empty message). */
    ABORTED,
    /** The client ended its stream with an error. */
    CANCELLED,
    /** A message larger than the server accepts. */
    RESOURCE_EXHAUSTED,
    /** The repository or the store does not answer: an outage; the same request may succeed later. */
    UNAVAILABLE,
    /** Stored data lacks what the request needs of it (a row a filter matched has no timestamp). */
    DATA_LOSS,
    /** Anything else: a bug. */
    INTERNAL
}
