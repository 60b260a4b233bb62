package io.mosaicod.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.ChildMosaicod;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The database unreachable mid-run: the optimizer reaches PostgreSQL through a {@link TcpProxy} that resets
 * every connection and refuses new ones for 4–8 s — longer than the 3 s lease, so renewals fail, the lease
 * expires on the database clock and the topic must be reclaimed after the outage.
 */
class DatabaseOutageTest extends OutageTest {
    private TcpProxy proxy;

    @Override
    Deployment deploy(Path dir) throws Exception {
        Backend.ScaleOut backend = Backend.scaleOut(dir);
        proxy = new TcpProxy(backend.databasePort());
        return new Deployment(backend.processesReachDatabaseAt(proxy.port()));
    }

    @Override
    String part() {
        return "database";
    }

    @Override
    void takeDown() {
        proxy.cut();
    }

    @Override
    void bringBack() {
        proxy.restore();
    }

    @Override
    int[] outageMillis() {
        return new int[] {4000, 8000};
    }

    /**
     * An outage longer than the 30 s a repository call waits for a connection makes a whole pass fail; a
     * looping optimizer must log it and try again after its interval, as the cleanup does, not exit.
     */
    @Test
    void anOutageLongerThanTheConnectionWaitDoesNotEndALoopingOptimizer() throws Exception {
        try (ChildMosaicod optimizer = deployment.start(Map.of(), "store-optimizer", "--time-interval", "1")) {
            optimizer.awaitLog(line -> line.contains("Store optimization routine completed"),
                    Deployment.PROCESS_TIMEOUT);
            proxy.cut();
            try {
                optimizer.awaitLog(line -> line.contains("mosaicod-repository - Connection is not available"),
                        Duration.ofSeconds(60));
            } finally {
                proxy.restore();
            }
            deployment.ingestRandom(new Random(1), "outage/after");
            deployment.awaitAllOptimized(Deployment.PROCESS_TIMEOUT, optimizer);
            optimizer.signal("TERM");
            assertThat(optimizer.awaitExit(Deployment.PROCESS_TIMEOUT)).as(optimizer.log()).isZero();
        }
        deployment.ledger.assertSettled();
    }

    @Override
    void tearDown() throws Exception {
        super.tearDown();
        proxy.close();
    }
}
