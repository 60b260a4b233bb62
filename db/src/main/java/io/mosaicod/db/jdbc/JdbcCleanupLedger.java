package io.mosaicod.db.jdbc;

import io.mosaicod.db.CleanupLedger;
import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupResult;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.RetiredFolder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Folder references, the retired folders and the {@code cleanup_log}; passes exclude each other through a
 * {@code routine_lease} row. The database's triggers (V8 migration) record a folder in {@code retired_folder} when
 * its last reference ends, whichever statement ends it.
 */
final class JdbcCleanupLedger implements CleanupLedger {
    private static final String ROUTINE = "cleanup";
    private static final String RETIRED_COLUMNS = "SELECT folder, retired_at_ms, reason FROM retired_folder";
    private static final String RUN_COLUMNS =
            "id, instance_id, started_at_ms, ended_at_ms, state, marked, deleted, failed, errors, swept";

    private final Database database;
    private final String takeLease;
    private final String interruptAbandonedRuns;
    private final String insertRun;
    private final String renewLease;
    private final String finishRun;
    private final String due;
    private final String retire;

    JdbcCleanupLedger(Database database) {
        this.database = database;
        Dialect dialect = database.dialect;
        // takes the row if nobody holds it or its holder's lease expired; returns nothing otherwise
        this.takeLease = dialect.render("""
                INSERT INTO routine_lease (routine, owner, token, expires_at_ms) VALUES (?, ?, ?, {now_ms} + ?)
                ON CONFLICT (routine) DO UPDATE
                    SET owner = excluded.owner, token = excluded.token, expires_at_ms = excluded.expires_at_ms
                    WHERE routine_lease.expires_at_ms <= {now_ms}
                RETURNING expires_at_ms""");
        // whoever holds the lease knows that any pass still marked running died without finishing
        this.interruptAbandonedRuns = dialect.render(
                "UPDATE cleanup_log SET state = 'INTERRUPTED', ended_at_ms = {now_ms} WHERE state = 'RUNNING'");
        this.insertRun = dialect.render("""
                INSERT INTO cleanup_log (instance_id, started_at_ms, state) VALUES (?, {now_ms}, 'RUNNING')
                RETURNING id, started_at_ms""");
        this.renewLease = dialect.render("""
                UPDATE routine_lease SET expires_at_ms = {now_ms} + ?
                WHERE routine = ? AND token = ? AND expires_at_ms > {now_ms}""");
        this.finishRun = dialect.render("""
                UPDATE cleanup_log SET ended_at_ms = {now_ms}, state = ?, marked = ?, deleted = ?, failed = ?, errors = ?
                WHERE id = ?""");
        this.due = dialect.render(RETIRED_COLUMNS
                + " WHERE retired_at_ms <= {now_ms} - ? ORDER BY retired_at_ms, folder");
        // ON CONFLICT: a folder recorded already keeps its time, so sweeps never postpone its deletion
        this.retire = dialect.render("""
                INSERT INTO retired_folder (folder, retired_at_ms, reason) SELECT ?, {now_ms}, ?
                WHERE NOT EXISTS (SELECT 1 FROM referenced_folder WHERE folder = ?)
                ON CONFLICT (folder) DO NOTHING""");
    }

    @Override
    public Set<String> referencedFolders() {
        return database.read("list referenced folders",
                connection -> new HashSet<>(database.list(connection, "SELECT folder FROM referenced_folder",
                        row -> row.getString(1))));
    }

    @Override
    public boolean isFolderReferenced(String folder) {
        return database.read("check whether folder `" + folder + "` is referenced", connection -> database.first(
                connection, "SELECT 1 FROM referenced_folder WHERE folder = ?", row -> true, folder).isPresent());
    }

    @Override
    public List<RetiredFolder> dueForDeletion(Duration retention) {
        return database.read("list the retired folders due for deletion",
                connection -> database.list(connection, due, JdbcCleanupLedger::retired, retention.toMillis()));
    }

    @Override
    public List<RetiredFolder> retiredFolders() {
        return database.read("list the retired folders", connection -> database.list(connection,
                RETIRED_COLUMNS + " ORDER BY retired_at_ms, folder", JdbcCleanupLedger::retired));
    }

    @Override
    public int retireIfUnreferenced(List<String> folders, String reason) {
        return database.write("record " + folders.size() + " unreferenced folders as retired", connection -> {
            int recorded = 0;
            for (String folder : folders) {
                recorded += database.update(connection, retire, folder, reason, folder);
            }
            return recorded;
        });
    }

    @Override
    public void forget(RetiredFolder retired) {
        database.read("forget retired folder `" + retired.folder() + "`", connection -> database.update(connection,
                "DELETE FROM retired_folder WHERE folder = ? AND retired_at_ms = ?", retired.folder(),
                retired.retiredAt().toEpochMilli()));
    }

    @Override
    public Optional<Instant> lastSweep() {
        return database.read("read the last cleanup sweep", connection -> database.first(connection,
                "SELECT started_at_ms FROM cleanup_log WHERE swept ORDER BY started_at_ms DESC LIMIT 1",
                row -> Rows.instant(row, "started_at_ms")));
    }

    @Override
    public void recordSweep(CleanupPass pass) {
        database.read("record the sweep of cleanup pass " + pass.runId(), connection -> database.update(connection,
                "UPDATE cleanup_log SET swept = TRUE WHERE id = ?", pass.runId()));
    }

    private static RetiredFolder retired(ResultSet row) throws SQLException {
        return new RetiredFolder(row.getString("folder"), Rows.instant(row, "retired_at_ms"), row.getString("reason"));
    }

    @Override
    public Optional<CleanupPass> beginPass(long instanceId, Duration leaseDuration) {
        String token = UUID.randomUUID().toString();
        return database.write("begin a cleanup pass", connection -> {
            Optional<Long> expiresAtMs = database.first(connection, takeLease, row -> row.getLong(1), ROUTINE,
                    instanceId, token, leaseDuration.toMillis());
            if (expiresAtMs.isEmpty()) {
                return Optional.empty();
            }
            database.update(connection, interruptAbandonedRuns);
            return database.first(connection, insertRun, row -> new CleanupPass(row.getLong("id"), instanceId, token,
                    Rows.instant(row, "started_at_ms"), Rows.instant(expiresAtMs.get())), instanceId);
        });
    }

    @Override
    public boolean renewPass(CleanupPass pass, Duration leaseDuration) {
        return database.read("renew cleanup pass " + pass.runId(), connection -> database.update(connection,
                renewLease, leaseDuration.toMillis(), ROUTINE, pass.token()) > 0);
    }

    @Override
    public void finishPass(CleanupPass pass, CleanupResult result) {
        database.write("finish cleanup pass " + pass.runId(), connection -> {
            database.update(connection, finishRun, result.state().name(), result.marked(), result.deleted(),
                    result.failed(), String.join("\n", result.errors()), pass.runId());
            database.update(connection, "DELETE FROM routine_lease WHERE routine = ? AND token = ?", ROUTINE,
                    pass.token());
            return null;
        });
    }

    @Override
    public Optional<CleanupRun> lastRun() {
        return database.read("read the last cleanup run", connection -> database.first(connection,
                "SELECT " + RUN_COLUMNS + " FROM cleanup_log ORDER BY started_at_ms DESC, id DESC LIMIT 1",
                JdbcCleanupLedger::run));
    }

    private static CleanupRun run(ResultSet row) throws SQLException {
        String errors = row.getString("errors");
        return new CleanupRun(row.getLong("id"), row.getLong("instance_id"), Rows.instant(row, "started_at_ms"),
                Rows.optionalInstant(row, "ended_at_ms"), CleanupState.valueOf(row.getString("state")),
                row.getInt("marked"), row.getInt("deleted"), row.getInt("failed"),
                errors.isEmpty() ? List.of() : List.of(errors.split("\n")), row.getBoolean("swept"));
    }
}
