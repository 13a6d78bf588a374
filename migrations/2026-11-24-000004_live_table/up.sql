-- The live table (arbitre_core::table): a game's log is the table's events, one event per
-- entry, and the game is their fold. The clock's changes follow from the events, so an
-- entry no longer carries a clock event; an entry that sets or changes the game's result
-- says which, so that a client of the event stream reads the result where it happens.

ALTER TABLE games DROP CONSTRAINT games_phase_check;
ALTER TABLE games ADD CONSTRAINT games_phase_check
    CHECK (phase IN ('placing', 'playing', 'counting', 'paused', 'finished'));

ALTER TABLE game_events DROP COLUMN clock;
-- SGF RE of the game's result after this entry, when this entry set or changed it.
ALTER TABLE game_events ADD COLUMN result text;

-- As in the live_games migration, the entries without `clock` and with `result`:
--   "entries": [{"game_id", "seq", "tournament_id", "kind", "turn_number", "event",
--                "ruling", "result", "issued_by", "at_ms"}, ...]
CREATE OR REPLACE FUNCTION append_game_entries(write jsonb) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    projection jsonb := write->'projection';
    kept jsonb := write->'kept';
BEGIN
    UPDATE games SET last_seq = (projection->>'last_seq')::integer,
        turns = (projection->>'turns')::integer, phase = projection->>'phase',
        result = projection->>'result', flag_at = (projection->>'flag_at')::timestamptz,
        updated_at = now()
    WHERE id = (write->>'game')::uuid AND last_seq = (write->>'after_seq')::integer;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    INSERT INTO game_events (game_id, seq, tournament_id, kind, turn_number, event, ruling, result, issued_by, at_ms)
    SELECT entry.game_id, entry.seq, entry.tournament_id, entry.kind, entry.turn_number, entry.event,
           entry.ruling, entry.result, entry.issued_by, entry.at_ms
    FROM jsonb_to_recordset(write->'entries') AS entry(game_id uuid, seq integer, tournament_id uuid,
        kind text, turn_number integer, event jsonb, ruling jsonb, result text, issued_by uuid, at_ms bigint);
    IF (write->>'sets_result')::boolean THEN
        UPDATE pairings SET result = projection->>'result', updated_at = now()
        WHERE id = (write->>'pairing')::uuid;
    END IF;
    IF jsonb_typeof(kept) = 'object' THEN
        INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body)
        VALUES ((kept->>'token_id')::uuid, kept->>'key', decode(kept->>'fingerprint', 'hex'),
            (kept->>'status')::smallint, kept->'body');
    END IF;
    RETURN true;
END $$;
