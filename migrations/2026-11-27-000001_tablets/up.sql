-- A tablet belongs to a table (issue 23): a table token is bound either to one pairing (as
-- before, kept working) or to a table number of its tournament, and then acts on the game
-- the published rounds put at that table (`arbitre_core::hall::round_at_table`).
ALTER TABLE api_tokens
    ADD COLUMN table_number integer CHECK (table_number >= 1);
ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_check1;
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_table_binding CHECK (
    (role = 'table') = (pairing_id IS NOT NULL OR table_number IS NOT NULL)
    AND (pairing_id IS NULL OR table_number IS NULL)
);
CREATE INDEX api_tokens_table ON api_tokens (tournament_id, table_number)
    WHERE table_number IS NOT NULL;

-- One-time sign-in links: a short-lived code that, opened once in a browser, issues a
-- token bound as the code says and keeps it in that browser's session cookie. Only the
-- code's SHA-256 is stored (256 random bits, like a token's secret).
CREATE TABLE sign_in_codes (
    code_sha256   bytea PRIMARY KEY CHECK (octet_length(code_sha256) = 32),
    role          text NOT NULL CHECK (role IN ('organizer', 'referee', 'table')),
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    table_number  integer CHECK (table_number >= 1),
    label         text NOT NULL DEFAULT '',
    issued_by     uuid NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz,
    CHECK ((role = 'table') = (table_number IS NOT NULL))
);

CREATE INDEX sign_in_codes_tournament ON sign_in_codes (tournament_id);
