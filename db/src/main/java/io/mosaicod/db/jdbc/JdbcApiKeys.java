package io.mosaicod.db.jdbc;

import io.mosaicod.core.apikey.Permissions;
import io.mosaicod.db.AlreadyExistsException;
import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.NewApiKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

final class JdbcApiKeys implements ApiKeys {
    /** Every column of a key, and the database time it is read at. */
    private static final String COLUMNS = "fingerprint, payload_sha256, permissions, description, created_at_ms,"
            + " expires_at_ms, revoked_at_ms, last_used_at_ms, {now_ms} AS read_at_ms";

    private final Database database;
    private final String insert;
    private final String select;
    private final String revoke;
    private final String purge;
    private final String recordUse;

    JdbcApiKeys(Database database) {
        this.database = database;
        Dialect dialect = database.dialect;
        this.insert = dialect.render("""
                INSERT INTO api_key (fingerprint, payload_sha256, permissions, description, created_at_ms,
                    expires_at_ms)
                VALUES (?, ?, ?, ?, {now_ms}, ?)
                RETURNING\s""" + COLUMNS);
        this.select = dialect.render("SELECT " + COLUMNS + " FROM api_key");
        this.revoke = dialect.render("UPDATE api_key SET revoked_at_ms = COALESCE(revoked_at_ms, {now_ms})"
                + " WHERE fingerprint = ? RETURNING " + COLUMNS);
        this.purge = dialect.render("DELETE FROM api_key WHERE revoked_at_ms IS NOT NULL OR expires_at_ms <= {now_ms}"
                + " RETURNING fingerprint");
        this.recordUse = dialect.render("UPDATE api_key SET last_used_at_ms = {now_ms} WHERE fingerprint = ?");
    }

    @Override
    public ApiKeyRecord create(NewApiKey key) {
        return database.read("create API key " + key.fingerprint(), connection -> {
            try {
                return database.first(connection, insert, JdbcApiKeys::key, key.fingerprint(), key.payloadHash(),
                        key.permissions().bits(), key.description(), key.expiresAt().orElse(null)).orElseThrow();
            } catch (SQLException e) {
                if (database.dialect.isUniqueViolation(e)) {
                    throw new AlreadyExistsException("API key", key.fingerprint());
                }
                throw e;
            }
        });
    }

    @Override
    public Optional<ApiKeyRecord> find(String fingerprint) {
        return database.read("find API key " + fingerprint,
                connection -> database.first(connection, select + " WHERE fingerprint = ?", JdbcApiKeys::key,
                        fingerprint));
    }

    @Override
    public List<ApiKeyRecord> list() {
        return database.read("list API keys", connection -> database.list(connection,
                select + " ORDER BY created_at_ms, fingerprint", JdbcApiKeys::key));
    }

    @Override
    public Optional<ApiKeyRecord> revoke(String fingerprint) {
        return database.read("revoke API key " + fingerprint,
                connection -> database.first(connection, revoke, JdbcApiKeys::key, fingerprint));
    }

    @Override
    public List<String> purge() {
        return database.read("purge API keys",
                connection -> database.list(connection, purge, row -> row.getString("fingerprint")));
    }

    @Override
    public void recordUse(String fingerprint) {
        database.read("record the use of API key " + fingerprint,
                connection -> database.update(connection, recordUse, fingerprint));
    }

    private static ApiKeyRecord key(ResultSet row) throws SQLException {
        return new ApiKeyRecord(row.getString("fingerprint"), row.getString("payload_sha256"),
                Permissions.ofBits(row.getInt("permissions")), row.getString("description"),
                Rows.instant(row, "created_at_ms"), Rows.optionalInstant(row, "expires_at_ms"),
                Rows.optionalInstant(row, "revoked_at_ms"), Rows.optionalInstant(row, "last_used_at_ms"),
                Rows.instant(row, "read_at_ms"));
    }
}
