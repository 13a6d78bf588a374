-- Bearer tokens. Only the SHA-256 of the secret is stored: the secret is 256 random bits,
-- so a plain hash is as good as a slow one, and lookup is by hash.

CREATE TABLE api_tokens (
    id            uuid PRIMARY KEY,
    secret_sha256 bytea NOT NULL UNIQUE CHECK (octet_length(secret_sha256) = 32),
    role          text NOT NULL CHECK (role IN ('admin', 'organizer', 'referee', 'table')),
    tournament_id uuid REFERENCES tournaments (id),
    -- A table token is bound to one game: its pairing.
    pairing_id    uuid REFERENCES pairings (id) ON DELETE CASCADE,
    label         text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    revoked_at    timestamptz,
    CHECK ((role = 'admin') = (tournament_id IS NULL)),
    CHECK ((role = 'table') = (pairing_id IS NOT NULL))
);

CREATE INDEX api_tokens_tournament ON api_tokens (tournament_id, id);
