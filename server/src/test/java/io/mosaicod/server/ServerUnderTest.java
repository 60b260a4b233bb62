package io.mosaicod.server;

import io.mosaicod.client.MosaicoClient;

/** An in-process server on a free port of 127.0.0.1, and a client connected to it. */
final class ServerUnderTest implements AutoCloseable {
    private final MosaicodServer server;
    private final MosaicoClient client;

    private ServerUnderTest(MosaicodServer server, MosaicoClient client) {
        this.server = server;
        this.client = client;
    }

    static ServerUnderTest start(Backend backend) throws Exception {
        return start(backend, ServerSettings.defaults().withEndpoint("127.0.0.1", 0));
    }

    static ServerUnderTest start(Backend backend, ServerSettings settings) throws Exception {
        MosaicodServer server = MosaicodServer.start(settings, backend.repository(), backend.store());
        return new ServerUnderTest(server, MosaicoClient.connect("127.0.0.1", server.port()));
    }

    MosaicoClient client() {
        return client;
    }

    /** Another connection, for a test that needs several clients at once. */
    MosaicoClient newClient() {
        return MosaicoClient.connect("127.0.0.1", server.port());
    }

    int port() {
        return server.port();
    }

    int openConnections() {
        return server.openConnections();
    }

    int openReadStreams() {
        return server.openReadStreams();
    }

    long readMemoryBytes() {
        return server.readMemoryBytes();
    }

    long readStreamParkings() {
        return server.readStreamParkings();
    }

    @Override
    public void close() throws Exception {
        try {
            client.close();
        } finally {
            server.close();
        }
    }
}
