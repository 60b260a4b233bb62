package io.mosaicod.server.catalog;

import io.mosaicod.server.protocol.ActionResponse;

/**
 * {@code info} and {@code version}: the protocol version spoken, the message limits, and how many batches of an
 * upload this server receives ahead of their acknowledgement.
 */
public final class ServerInfoActions {
    /** The upstream mosaicod release whose protocol this server speaks (PROTOCOL.md). */
    public static final ActionResponse.Version PROTOCOL_VERSION = new ActionResponse.Version(0, 7, 0, "");

    private final ActionResponse.InfoReply info;

    public ServerInfoActions(long maxDecodeMessageBytes, long maxEncodeMessageBytes, long targetEncodeMessageBytes,
                             int putAcknowledgementWindow) {
        this.info = new ActionResponse.InfoReply(PROTOCOL_VERSION, maxDecodeMessageBytes, maxEncodeMessageBytes,
                targetEncodeMessageBytes, putAcknowledgementWindow);
    }

    /** The largest message the server sends. */
    public long maxEncodeMessageBytes() {
        return info.maxEncodeMessageBytes();
    }

    public ActionResponse info() {
        return info;
    }

    public ActionResponse version() {
        return new ActionResponse.VersionReply(PROTOCOL_VERSION);
    }
}
