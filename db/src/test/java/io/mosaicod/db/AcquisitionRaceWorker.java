package io.mosaicod.db;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.core.config.Secret;
import io.mosaicod.db.jdbc.Repositories;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A child process of {@link AcquisitionRaceTest}: opens the repository and says {@code READY}; then, for
 * each {@code ACQUIRE} line on stdin, tries to acquire one topic and prints
 * {@code <topic id or NONE> <start µs> <end µs>}, the attempt's wall-clock bounds (one clock for every process
 * on the machine, so the test can tell whether two workers' attempts overlapped). Exits at the end of stdin.
 * Arguments: JDBC URL, user, password ({@code -} for none), instance id.
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
            for (String line = stdin.readLine(); line != null; line = stdin.readLine()) {
                if (!"ACQUIRE".equals(line)) {
                    System.exit(2);
                }
                long startMicros = nowMicros();
                Optional<Lease> lease = repository.optimizationQueue().acquire(instanceId, Duration.ofMinutes(5));
                long endMicros = nowMicros();
                System.out.println(lease.map(l -> Long.toString(l.topic().id())).orElse("NONE")
                        + " " + startMicros + " " + endMicros);
                System.out.flush();
            }
        }
    }

    private static long nowMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    private static Optional<String> given(String argument) {
        return "-".equals(argument) ? Optional.empty() : Optional.of(argument);
    }
}
