-- The log is append-only: the `refused` entries already written stay, and the check of
-- the kinds before this migration holds for the entries written from now on.
ALTER TABLE game_events DROP CONSTRAINT game_events_kind_check;
ALTER TABLE game_events ADD CONSTRAINT game_events_kind_check
    CHECK (kind IN ('start', 'turn', 'clock', 'counting', 'ruling', 'result')) NOT VALID;
