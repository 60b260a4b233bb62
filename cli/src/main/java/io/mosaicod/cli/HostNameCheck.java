package io.mosaicod.cli;

import io.mosaicod.core.config.ConfigException;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * A configured host name, resolved before gRPC is given it: gRPC reports a name that does not resolve with a WARN
 * and a stack trace on the client side, and with an exception that has no message on the server side.
 */
final class HostNameCheck {
    private HostNameCheck() {
    }

    /** Returns quietly if {@code host} resolves; else a configuration error naming it and where it was set. */
    static void requireResolvable(String host, String settings) {
        try {
            InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new ConfigException("cannot resolve the host name '" + host + "' (" + settings + ")");
        }
    }
}
