-- A result recorded by hand on a pairing without a game (paper results), on its
-- tournament's event stream as a game's result is: its id drawn from the log's own
-- sequence, so that the stream reads the games' entries and these in one order and a
-- client resuming after an id has missed neither.
CREATE TABLE pairing_events (
    id            bigint PRIMARY KEY DEFAULT nextval('game_events_id_seq'),
    pairing_id    uuid NOT NULL REFERENCES pairings (id),
    tournament_id uuid NOT NULL REFERENCES tournaments (id),
    -- SGF RE of the pairing's result after this entry (none: the result was cleared).
    result        text,
    issued_by     uuid NOT NULL REFERENCES api_tokens (id),
    recorded_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX pairing_events_tournament ON pairing_events (tournament_id, id);
CREATE INDEX pairing_events_pairing ON pairing_events (pairing_id);

CREATE TRIGGER pairing_events_append_only
    BEFORE UPDATE OR DELETE ON pairing_events
    FOR EACH ROW EXECUTE FUNCTION forbid_history_rewrite();
