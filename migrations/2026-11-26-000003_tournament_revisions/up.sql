-- A tournament's revision: a number drawn afresh whenever anything its standings, its
-- pairings lists or its exports read changes (its settings, players, rounds,
-- registrations, pairings and their results, a game's result included, which
-- `append_game_entries` writes to the pairing). The service keeps what it computed from
-- a tournament under its revision (computed once per change, not once per reader) and
-- answers `ETag` / `If-None-Match` with it.
--
-- Kept by triggers, so that no write path (nor one added later) can forget it. The
-- tables' triggers fire once per statement, with the rows changed (transition tables):
-- a whole round of pairings replaced costs one update of the tournament, not one a row.
-- The update takes the tournament's row lock `FOR NO KEY UPDATE`, which does not
-- conflict with the key-share locks of the inserts that reference the tournament (the
-- turns' log entries).

CREATE SEQUENCE tournament_revisions;

ALTER TABLE tournaments ADD COLUMN revision bigint NOT NULL DEFAULT nextval('tournament_revisions');

CREATE FUNCTION revise_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.revision := nextval('tournament_revisions');
    RETURN NEW;
END
$$;

CREATE TRIGGER tournaments_revised BEFORE UPDATE ON tournaments
    FOR EACH ROW EXECUTE FUNCTION revise_tournament();

-- Rows holding their tournament's id (players, rounds).
CREATE FUNCTION revise_tournaments_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tournaments SET revision = 0
    WHERE id IN (SELECT DISTINCT tournament_id FROM changed_rows);
    RETURN NULL;
END
$$;

-- Rows holding their round's id (registrations, pairings).
CREATE FUNCTION revise_tournaments_of_round_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tournaments SET revision = 0
    WHERE id IN (SELECT DISTINCT rounds.tournament_id
                 FROM rounds JOIN changed_rows ON changed_rows.round_id = rounds.id);
    RETURN NULL;
END
$$;

CREATE TRIGGER players_inserted AFTER INSERT ON players REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_rows();
CREATE TRIGGER players_updated AFTER UPDATE ON players REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_rows();
CREATE TRIGGER players_deleted AFTER DELETE ON players REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_rows();

CREATE TRIGGER rounds_inserted AFTER INSERT ON rounds REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_rows();
CREATE TRIGGER rounds_updated AFTER UPDATE ON rounds REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_rows();
CREATE TRIGGER rounds_deleted AFTER DELETE ON rounds REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_rows();

CREATE TRIGGER registrations_inserted AFTER INSERT ON registrations REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_round_rows();
CREATE TRIGGER registrations_updated AFTER UPDATE ON registrations REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_round_rows();
CREATE TRIGGER registrations_deleted AFTER DELETE ON registrations REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_round_rows();

CREATE TRIGGER pairings_inserted AFTER INSERT ON pairings REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_round_rows();
CREATE TRIGGER pairings_updated AFTER UPDATE ON pairings REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_round_rows();
CREATE TRIGGER pairings_deleted AFTER DELETE ON pairings REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION revise_tournaments_of_round_rows();
