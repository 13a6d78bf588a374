-- One turn as arbitre stores it, for pgbench (bench/live.sh): the game's row locked, the
-- log entry appended, the projection rewritten, the Idempotency-Key response kept (about
-- the size of a game state), the notification sent; one durable commit.
\set n random(1, :games)
BEGIN;
SELECT last_seq FROM games WHERE id = (SELECT id FROM bench_games WHERE n = :n) FOR UPDATE;
INSERT INTO game_events (game_id, seq, tournament_id, kind, turn_number, event, clock, issued_by, at_ms)
    SELECT g.id, g.last_seq + 1, g.tournament_id, 'turn', g.last_seq + 1,
           '{"event": "turn", "color": "B", "action": {"move": "dd"}}',
           '{"type": "turn", "color": "B", "at": 1795000000000}', b.token_id, 1795000000000
    FROM games g JOIN bench_games b ON b.id = g.id WHERE b.n = :n;
UPDATE games SET last_seq = last_seq + 1, turns = turns + 1, flag_at = now() + interval '1 hour', updated_at = now()
    WHERE id = (SELECT id FROM bench_games WHERE n = :n);
INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body)
    SELECT token_id, 'bench-' || nextval('bench_keys'), '\x00', 201, jsonb_build_object('board', repeat('.', 2400))
    FROM bench_games WHERE n = :n;
SELECT pg_notify('arbitre_game_events', '{"bench": true}');
END;
