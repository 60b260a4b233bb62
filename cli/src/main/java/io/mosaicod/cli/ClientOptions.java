package io.mosaicod.cli;

import io.mosaicod.client.ApiKey;
import io.mosaicod.client.ClientWire;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.core.config.MosaicodConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The options of the commands that act as a client of a server: how they reach it, and the API key they send.
 * The key is read from a file or the environment, never from the command line, where other users of the machine
 * and the shell's history would see it.
 */
final class ClientOptions {
    /** Where clients of mosaico read their API key (the mosaico SDK's name); not a server setting. */
    static final String API_KEY_VARIABLE = "MOSAICO_API_KEY";
    static final CommandSpec.Option API_KEY_FILE = CommandSpec.Option.valued("--api-key-file", "FILE",
            "Send the API key (token) in FILE with every call, for a server that requires keys. Default: the"
                    + " environment variable " + API_KEY_VARIABLE + ", if set.");
    static final CommandSpec.Option TLS = CommandSpec.Option.flag(List.of("--tls"),
            "Speak TLS to the server, trusting the JVM's certificate authorities (or --tls-ca).");
    static final CommandSpec.Option TLS_CA = CommandSpec.Option.valued("--tls-ca", "FILE",
            "Speak TLS to the server, trusting the PEM certificates in FILE (e.g. a private CA's).");
    static final CommandSpec.Option GZIP = CommandSpec.Option.flag(List.of("--gzip"),
            "Compress what is sent to the server with gzip.");

    static final CommandSpec.Option SERVER = CommandSpec.Option.valued("--server", "HOST:PORT",
            "Server to talk to; default: the configured MOSAICOD_HOST and MOSAICOD_PORT.");

    private ClientOptions() {
    }

    /** A client of the server {@code --server} names, else of the configured one, over the wire the options ask. */
    static MosaicoClient connect(CommandArguments arguments, MosaicodConfig config, Map<String, String> env) {
        String host = config.server().host();
        int port = config.server().port();
        Optional<String> server = arguments.value(SERVER.key());
        if (server.isPresent()) {
            int colon = server.get().lastIndexOf(':');
            try {
                host = server.get().substring(0, colon);
                port = Integer.parseInt(server.get().substring(colon + 1));
            } catch (RuntimeException e) {
                throw new UsageException("invalid value '" + server.get() + "' for --server: expected HOST:PORT");
            }
        }
        HostNameCheck.requireResolvable(host, server.isPresent() ? "--server" : "--host/MOSAICOD_HOST");
        return MosaicoClient.connect(host, port, wire(arguments, env));
    }

    static ClientWire wire(CommandArguments arguments, Map<String, String> env) {
        Optional<Path> trusted = arguments.value(TLS_CA.key()).map(Path::of);
        trusted.filter(file -> !Files.isRegularFile(file) || !Files.isReadable(file)).ifPresent(file -> {
            throw new UsageException("cannot read the trusted certificates " + file + " (--tls-ca)");
        });
        ClientWire wire = trusted.map(ClientWire::tlsTrusting)
                .orElse(arguments.flag(TLS.key()) ? ClientWire.tlsWithDefaultTrust() : ClientWire.PLAIN);
        wire = arguments.flag(GZIP.key()) ? wire.withGzip() : wire;
        return apiKey(arguments, env).map(wire::withApiKey).orElse(wire);
    }

    /** The key of {@code --api-key-file}, else of {@value #API_KEY_VARIABLE}; a usage error names where it was bad. */
    static Optional<ApiKey> apiKey(CommandArguments arguments, Map<String, String> env) {
        Optional<String> file = arguments.value(API_KEY_FILE.key());
        if (file.isPresent()) {
            String token;
            try {
                token = Files.readString(Path.of(file.get())).strip();
            } catch (IOException e) {
                throw new UsageException("cannot read the API key file " + file.get() + " (--api-key-file): " + e);
            }
            return Optional.of(parse(token, "the API key file " + file.get() + " (--api-key-file)"));
        }
        return Optional.ofNullable(env.get(API_KEY_VARIABLE)).map(String::strip).filter(token -> !token.isEmpty())
                .map(token -> parse(token, API_KEY_VARIABLE));
    }

    private static ApiKey parse(String token, String where) {
        try {
            return ApiKey.of(token);
        } catch (IllegalArgumentException e) {
            throw new UsageException(where + ": " + e.getMessage());
        }
    }
}
