package io.mosaicod.cli;

import io.mosaicod.client.ClientWire;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The options of the commands that act as a client of a server: how they reach it. */
final class ClientOptions {
    static final CommandSpec.Option TLS = CommandSpec.Option.flag(List.of("--tls"),
            "Speak TLS to the server, trusting the JVM's certificate authorities (or --tls-ca).");
    static final CommandSpec.Option TLS_CA = CommandSpec.Option.valued("--tls-ca", "FILE",
            "Speak TLS to the server, trusting the PEM certificates in FILE (e.g. a private CA's).");
    static final CommandSpec.Option GZIP = CommandSpec.Option.flag(List.of("--gzip"),
            "Compress what is sent to the server with gzip.");

    private ClientOptions() {
    }

    static ClientWire wire(CommandArguments arguments) {
        Optional<Path> trusted = arguments.value(TLS_CA.key()).map(Path::of);
        ClientWire wire = trusted.map(ClientWire::tlsTrusting)
                .orElse(arguments.flag(TLS.key()) ? ClientWire.tlsWithDefaultTrust() : ClientWire.PLAIN);
        return arguments.flag(GZIP.key()) ? wire.withGzip() : wire;
    }
}
