package io.mosaicod.server.catalog;

import io.mosaicod.server.protocol.ActionResponse;

/** {@code info} and {@code version}: the protocol version spoken and the message limits. */
public final class ServerInfoActions {
    /** The upstream mosaicod release whose protocol this server speaks (PROTOCOL.md). */
    public static final ActionResponse.Version PROTOCOL_VERSION = new ActionResponse.Version(0, 7, 0, "");

    private final ActionResponse.InfoReply info;

    public ServerInfoActions(long maxDecodeMessageBytes, long maxEncodeMessageBytes, long targetEncodeMessageBytes) {
        this.info = new ActionResponse.InfoReply(PROTOCOL_VERSION, maxDecodeMessageBytes, maxEncodeMessageBytes,
                targetEncodeMessageBytes);
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
