package io.mosaicod.server;

import io.mosaicod.core.config.ConfigLoader;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import java.util.Map;

/**
 * A bare server process configured from {@code MOSAICOD_*} variables (or {@code config.toml}), for tests that
 * need a real child JVM they can {@code kill -9}: {@code java -cp <classpath> io.mosaicod.server.ServerMain}.
 * Prints {@value #READY_LINE}{@code <port>} on standard output once it accepts calls. The {@code mosaicod
 * server} command is the production entry point.
 */
public final class ServerMain {
    /** Printed, followed by the bound port, when the server is ready. */
    public static final String READY_LINE = "mosaicod server ready on port ";

    private ServerMain() {
    }

    public static void main(String[] args) throws Exception {
        MosaicodConfig config = ConfigLoader.ofProcess().load(Map.of());
        Repository repository = Repositories.open(config.database());
        ObjectStore store = ObjectStores.open(config.store());
        MosaicodServer server = MosaicodServer.start(ServerSettings.from(config.server()), repository, store);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                repository.close();
                try {
                    store.close();
                } catch (java.io.IOException ignored) {
                    // exiting
                }
            }
        }, "mosaicod-server-stop"));
        System.out.println(READY_LINE + server.port());
        System.out.flush();
        server.awaitTermination();
    }
}
