-- A real open run from the pages alone (issue 40, part B).
--
-- The first admin signs in from the machine's console: `arbitre serve`, finding no admin,
-- prints a one-time link (as Jupyter does). Its code is stored hashed like the others, with
-- no tournament and no issuer (nobody is signed in yet).
ALTER TABLE sign_in_codes ALTER COLUMN tournament_id DROP NOT NULL;
ALTER TABLE sign_in_codes ALTER COLUMN issued_by DROP NOT NULL;
ALTER TABLE sign_in_codes DROP CONSTRAINT sign_in_codes_role_check;
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_role_check
    CHECK (role IN ('admin', 'organizer', 'referee', 'table'));
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_first_admin CHECK (
    (role = 'admin') = (tournament_id IS NULL) AND (role = 'admin') = (issued_by IS NULL)
);

-- What the staff did from the pages that undoes or takes away (a credential revoked, a
-- player withdrawn...): who did it (the token and its label, or its role when it has no
-- label), to whom or what, when. Append-only, erased only with its tournament.
CREATE TABLE audit_entries (
    id            uuid PRIMARY KEY,
    tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    action        text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 100),
    subject       text NOT NULL CHECK (char_length(subject) <= 500),
    subject_id    uuid,
    by_token      uuid NOT NULL,
    by_label      text NOT NULL,
    at            timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX audit_entries_tournament ON audit_entries (tournament_id, id);

CREATE TRIGGER audit_entries_append_only
    BEFORE UPDATE OR DELETE ON audit_entries
    FOR EACH ROW EXECUTE FUNCTION forbid_history_rewrite();
