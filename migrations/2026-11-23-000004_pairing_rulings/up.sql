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
