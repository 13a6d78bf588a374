-- One write to a live game, in one call: the projection of `games` is rewritten only while
-- the game is still at the entry the write follows (`after_seq`), then the entries are
-- appended to `game_events`, a finished game's result goes to its pairing, the response of
-- a keyed request is kept, and the new entries are announced on `channel` (delivered at
-- commit). `written` is false, and nothing is written, when another write came first.
-- A function rather than a statement sent each time: its plans are kept by the session,
-- and the call is one round trip.
CREATE FUNCTION append_game_entries(
    entries jsonb, game uuid, after_seq integer,
    new_last_seq integer, new_turns integer, new_phase text, new_result text, new_flag_at timestamptz,
    pairing uuid, sets_result boolean,
    key_token uuid, key_text text, key_fingerprint bytea, key_status smallint, key_body jsonb,
    channel text,
    OUT written boolean, OUT last_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
    last record;
BEGIN
    UPDATE games SET last_seq = new_last_seq, turns = new_turns, phase = new_phase, result = new_result,
        flag_at = new_flag_at, updated_at = now()
    WHERE id = game AND last_seq = after_seq;
    written := FOUND;
    IF NOT written THEN
        RETURN;
    END IF;
    WITH inserted AS (
        INSERT INTO game_events (game_id, seq, tournament_id, kind, turn_number, event, clock, ruling, issued_by, at_ms)
        SELECT entry.game_id, entry.seq, entry.tournament_id, entry.kind, entry.turn_number, entry.event,
               entry.clock, entry.ruling, entry.issued_by, entry.at_ms
        FROM jsonb_to_recordset(entries) AS entry(game_id uuid, seq integer, tournament_id uuid, kind text,
            turn_number integer, event jsonb, clock jsonb, ruling jsonb, issued_by uuid, at_ms bigint)
        RETURNING id, game_id, seq, tournament_id)
    SELECT * INTO last FROM inserted ORDER BY seq DESC LIMIT 1;
    IF last.id IS NOT NULL THEN
        last_id := last.id;
        PERFORM pg_notify(channel, json_build_object('tournament_id', last.tournament_id, 'game_id', last.game_id,
            'seq', last.seq, 'id', last.id)::text);
    END IF;
    IF sets_result THEN
        UPDATE pairings SET result = new_result, updated_at = now() WHERE id = pairing;
    END IF;
    IF key_text IS NOT NULL THEN
        INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body)
        VALUES (key_token, key_text, key_fingerprint, key_status, key_body);
    END IF;
END $$;
