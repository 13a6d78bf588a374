ALTER TABLE games DROP CONSTRAINT games_phase_check;
ALTER TABLE games ADD CONSTRAINT games_phase_check CHECK (phase IN ('playing', 'counting', 'finished'));
ALTER TABLE game_events DROP COLUMN result;
ALTER TABLE game_events ADD COLUMN clock jsonb;
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
    INSERT INTO game_events (game_id, seq, tournament_id, kind, turn_number, event, clock, ruling, issued_by, at_ms)
    SELECT entry.game_id, entry.seq, entry.tournament_id, entry.kind, entry.turn_number, entry.event,
           entry.clock, entry.ruling, entry.issued_by, entry.at_ms
    FROM jsonb_to_recordset(write->'entries') AS entry(game_id uuid, seq integer, tournament_id uuid,
        kind text, turn_number integer, event jsonb, clock jsonb, ruling jsonb, issued_by uuid, at_ms bigint);
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
