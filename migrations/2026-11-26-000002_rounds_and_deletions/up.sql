-- A tournament's shape (issue 20): the number of rounds it announces, the deletions its
-- staff make, each kept, and what an imported OpenGotha file holds that was refused before.
--
-- The number of rounds (OpenGotha `numberOfRounds`) drives the pairing's wins threshold and
-- seeding and the standings' later rounds; 0 while the staff add rounds one by one (each
-- added round raises it to its number). Existing tournaments announce the rounds they have.
ALTER TABLE tournaments
    ADD COLUMN number_of_rounds integer NOT NULL DEFAULT 0
        CHECK (number_of_rounds BETWEEN 0 AND 100);
UPDATE tournaments SET number_of_rounds = coalesce(
    (SELECT max(number) FROM rounds WHERE rounds.tournament_id = tournaments.id), 0);

-- What the staff deleted: a tournament, a round or a pairing, with who, when, why and what
-- it held (as the API showed it). No foreign key: a deletion outlives what it names, and
-- a deleted tournament's tokens go with it (the token's label is copied).
CREATE TABLE deletions (
    id              uuid PRIMARY KEY,
    tournament_id   uuid NOT NULL,
    subject         text NOT NULL CHECK (subject IN ('tournament', 'round', 'pairing')),
    subject_id      uuid NOT NULL,
    reason          text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 2000),
    snapshot        jsonb NOT NULL,
    issued_by       uuid NOT NULL,
    issued_by_label text NOT NULL,
    deleted_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX deletions_tournament ON deletions (tournament_id, id);

CREATE FUNCTION forbid_audit_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END;
$$;

CREATE TRIGGER deletions_append_only
    BEFORE UPDATE OR DELETE ON deletions
    FOR EACH ROW EXECUTE FUNCTION forbid_audit_rewrite();

-- The history of a game or a pairing stays append-only, except inside the one transaction
-- that deletes its tournament, round or pairing (the service sets `arbitre.erasing` there,
-- for that transaction only, after recording the deletion).
CREATE OR REPLACE FUNCTION forbid_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_setting('arbitre.erasing', true) = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END;
$$;

-- A result OpenGotha records that SGF cannot spell (both players win, both lose, a draw by
-- default), kept as the file writes it; `result` stays NULL beside it, and a result recorded
-- later (`result`) stands over it. The standings count it as OpenGotha does.
ALTER TABLE pairings
    ADD COLUMN opengotha_result text
        CHECK (opengotha_result ~ '^(RESULT_BOTHWIN|RESULT_BOTHLOSE)(_BYDEF)?$|^RESULT_EQUAL_BYDEF$');

-- An imported file's dates are kept as written, even out of order (a created or changed
-- tournament's are still checked by the service).
ALTER TABLE tournaments DROP CONSTRAINT tournaments_check;
