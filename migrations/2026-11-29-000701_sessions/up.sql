-- Page sessions as their own records (issue 42): the browser's cookie holds a random
-- session id, never the bearer token it was opened with; only the id's SHA-256 is stored.
-- A session ends when the person signs out (`ended_at`), when it has been idle too long
-- (`last_seen_at`), at its absolute expiry (`expires_at`), or when its token is revoked.
CREATE TABLE sessions (
    id_sha256    bytea PRIMARY KEY CHECK (octet_length(id_sha256) = 32),
    token_id     uuid NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    ended_at     timestamptz
);

CREATE INDEX sessions_token ON sessions (token_id);
