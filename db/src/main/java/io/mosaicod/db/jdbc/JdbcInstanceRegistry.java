package io.mosaicod.db.jdbc;

import io.mosaicod.db.Instance;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.InstanceRegistry;
import io.mosaicod.db.InstanceSnapshot;
import java.time.Duration;
import java.util.List;

final class JdbcInstanceRegistry implements InstanceRegistry {
    private final Database database;
    private final String insert;
    private final String heartbeat;
    private final String now;
    private final String purge;

    JdbcInstanceRegistry(Database database) {
        this.database = database;
        Dialect dialect = database.dialect;
        this.insert = dialect.render("""
                INSERT INTO instance_registry (kind, host, pid, started_at_ms, last_heartbeat_at_ms, one_shot)
                VALUES (?, ?, ?, {now_ms}, {now_ms}, ?)
                RETURNING id""");
        this.heartbeat = dialect.render("UPDATE instance_registry SET last_heartbeat_at_ms = {now_ms} WHERE id = ?");
        this.now = dialect.render("SELECT {now_ms}");
        this.purge = dialect.render("DELETE FROM instance_registry WHERE last_heartbeat_at_ms < {now_ms} - ?");
    }

    @Override
    public long register(InstanceKind kind, String host, long pid, boolean oneShot) {
        return database.read("register a " + kind.label() + " instance",
                connection -> database.queryLong(connection, insert, kind.label(), host, pid, oneShot));
    }

    @Override
    public boolean heartbeat(long instanceId) {
        return database.read("heartbeat instance " + instanceId,
                connection -> database.update(connection, heartbeat, instanceId) > 0);
    }

    @Override
    public void deregister(long instanceId) {
        database.read("deregister instance " + instanceId,
                connection -> database.update(connection, "DELETE FROM instance_registry WHERE id = ?", instanceId));
    }

    @Override
    public InstanceSnapshot list() {
        return database.read("list instances", connection -> {
            long nowMs = database.queryLong(connection, now);
            List<Instance> instances = database.list(connection, """
                    SELECT id, kind, host, pid, started_at_ms, last_heartbeat_at_ms, one_shot
                    FROM instance_registry ORDER BY started_at_ms, id""",
                    row -> new Instance(row.getLong("id"), InstanceKind.ofLabel(row.getString("kind")),
                            row.getString("host"), row.getLong("pid"), Rows.instant(row, "started_at_ms"),
                            Rows.instant(row, "last_heartbeat_at_ms"), row.getBoolean("one_shot")));
            return new InstanceSnapshot(Rows.instant(nowMs), instances);
        });
    }

    @Override
    public int purgeSilentFor(Duration silence) {
        return database.read("purge silent instances",
                connection -> database.update(connection, purge, silence.toMillis()));
    }
}
