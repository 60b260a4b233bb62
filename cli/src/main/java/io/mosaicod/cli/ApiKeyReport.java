package io.mosaicod.cli;

import io.mosaicod.db.ApiKeyRecord;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How {@code api-key list} and {@code api-key status} show keys: a table, a key's fields one per line, or JSON with
 * UTC ISO-8601 times. Ages are measured on the repository's clock. Nothing here can show a token: the repository
 * has none.
 */
final class ApiKeyReport {
    private ApiKeyReport() {
    }

    static void printList(List<ApiKeyRecord> keys, boolean json, PrintWriter out) throws Exception {
        if (json) {
            out.println(TopicListing.JSON.writeValueAsString(keys.stream().map(ApiKeyReport::asMap).toList()));
            return;
        }
        if (keys.isEmpty()) {
            out.println("no API keys (make one with 'mosaicod api-key create')");
            return;
        }
        TextTable table = new TextTable("FINGERPRINT", "PERMISSIONS", "STATE", "CREATED", "EXPIRES", "LAST USED",
                "DESCRIPTION");
        for (ApiKeyRecord key : keys) {
            TimeText times = new TimeText(key.readAt(), false);
            table.add(key.fingerprint(), key.permissions().toString(), key.state().label(),
                    times.relative(key.createdAt()), when(times, key.expiresAt(), "never"),
                    when(times, key.lastUsedAt(), "never"), key.description());
        }
        table.printTo(out);
    }

    static void printStatus(ApiKeyRecord key, boolean json, PrintWriter out) throws Exception {
        if (json) {
            out.println(TopicListing.JSON.writeValueAsString(asMap(key)));
            return;
        }
        TimeText times = new TimeText(key.readAt(), true);
        TextTable fields = new TextTable("fingerprint", key.fingerprint());
        fields.add("state", key.state().label());
        fields.add("permissions", key.permissions().toString());
        fields.add("description", key.description());
        fields.add("created", times.relative(key.createdAt()));
        fields.add("expires", when(times, key.expiresAt(), "never"));
        fields.add("revoked", when(times, key.revokedAt(), "no"));
        fields.add("last used", when(times, key.lastUsedAt(), "never (noted at most once a minute)"));
        fields.printTo(out);
    }

    /** {@code revoked 1a2b3c4d (write, "robot r17 uploads")}. */
    static String describe(ApiKeyRecord key) {
        return key.fingerprint() + " (" + key.permissions() + ", \"" + key.description() + "\")";
    }

    private static String when(TimeText times, Optional<Instant> time, String absent) {
        return time.map(times::relative).orElse(absent);
    }

    private static Map<String, Object> asMap(ApiKeyRecord key) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("fingerprint", key.fingerprint());
        fields.put("permissions", key.permissions().labels());
        fields.put("description", key.description());
        fields.put("state", key.state().label());
        fields.put("created_at", key.createdAt().toString());
        fields.put("expires_at", key.expiresAt().map(Instant::toString).orElse(null));
        fields.put("revoked_at", key.revokedAt().map(Instant::toString).orElse(null));
        fields.put("last_used_at", key.lastUsedAt().map(Instant::toString).orElse(null));
        return fields;
    }
}
