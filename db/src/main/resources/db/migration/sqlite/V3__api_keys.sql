-- API keys (MOSAICOD_API_KEY_ENABLED). A key is named by its fingerprint (the CRC32 of its secret payload, as 8
-- hex digits, which listings show) and proven by the SHA-256 of its payload: the payload itself is never stored,
-- so reading this table gives no usable token, and a token forged to match a known fingerprint is refused.
-- permissions: upstream's bits, read = 1, write = 2, delete = 4, manage = 8 (everything).
-- last_used_at_ms is written by servers at most about once a minute per key, not on every call.
CREATE TABLE api_key (
    fingerprint      TEXT    NOT NULL PRIMARY KEY,
    payload_sha256   TEXT    NOT NULL,
    permissions      INTEGER NOT NULL,
    description      TEXT    NOT NULL,
    created_at_ms    BIGINT  NOT NULL,
    expires_at_ms    BIGINT,
    revoked_at_ms    BIGINT,
    last_used_at_ms  BIGINT
);
