-- Who may act, and the referees' rulings on pairings, which name the token that issued them.
--
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

-- Referee rulings that change a pairing after its round started. Append-only: a ruling
-- is never updated or deleted; a correction is a new ruling.

CREATE TABLE pairing_rulings (
    id         uuid PRIMARY KEY,
    pairing_id uuid NOT NULL REFERENCES pairings (id),
    issued_by  uuid NOT NULL REFERENCES api_tokens (id),
    reason     text NOT NULL,
    -- The pairing's terms before the ruling, and the terms the ruling changed.
    previous   jsonb NOT NULL,
    changes    jsonb NOT NULL,
    issued_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pairing_rulings_pairing ON pairing_rulings (pairing_id, id);

CREATE FUNCTION forbid_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END;
$$;

CREATE TRIGGER pairing_rulings_append_only
    BEFORE UPDATE OR DELETE ON pairing_rulings
    FOR EACH ROW EXECUTE FUNCTION forbid_history_rewrite();
