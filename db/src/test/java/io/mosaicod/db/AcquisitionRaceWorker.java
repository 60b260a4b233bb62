package io.mosaicod.db;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.db.jdbc.Repositories;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * A child process of {@link AcquisitionRaceTest}: opens the repository, says {@code READY}, waits for
 * {@code GO} on stdin, then acquires topics until the queue is empty, printing each topic id, and ends with
 * {@code DONE}. Arguments: JDBC URL, user, password ({@code -} for none), instance id.
 */
public final class AcquisitionRaceWorker {
    private AcquisitionRaceWorker() {
    }

    public static void main(String[] args) throws Exception {
        DatabaseConfig config = new DatabaseConfig(args[0], given(args[1]), given(args[2]).map(Secret::new), 2);
        long instanceId = Long.parseLong(args[3]);
        try (Repository repository = Repositories.open(config)) {
            System.out.println("READY");
            System.out.flush();
            BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            if (!"GO".equals(stdin.readLine())) {
                System.exit(2);
            }
            StringBuilder acquired = new StringBuilder();
            Optional<Lease> lease;
            while ((lease = repository.optimizationQueue().acquire(instanceId, Duration.ofMinutes(5))).isPresent()) {
                acquired.append(lease.get().topic().id()).append('\n');
            }
            System.out.print(acquired);
            System.out.println("DONE");
        }
    }

    private static Optional<String> given(String argument) {
        return "-".equals(argument) ? Optional.empty() : Optional.of(argument);
    }
}
