-- One turn as arbitre stores it (`store::games::append`), for pgbench (bench/live.sh): one
-- statement in autocommit, so one durable commit. The projection is rewritten on condition
-- that the game is still at the entry the turn follows, the log entry appended, the
-- Idempotency-Key response kept (about the size of a game state), the notification sent.
\set n random(1, :games)
WITH game AS (
    SELECT g.id, g.tournament_id, g.last_seq, b.token_id FROM games g JOIN bench_games b ON b.id = g.id WHERE b.n = :n),
projected AS (
    UPDATE games SET last_seq = game.last_seq + 1, turns = games.turns + 1, phase = 'playing', result = NULL,
        flag_at = now() + interval '1 hour', updated_at = now()
    FROM game WHERE games.id = game.id AND games.last_seq = game.last_seq
    RETURNING games.id, games.tournament_id, games.last_seq AS seq, game.token_id),
inserted AS (
    INSERT INTO game_events (game_id, seq, tournament_id, kind, turn_number, event, clock, ruling, issued_by, at_ms)
    SELECT entry.game_id, entry.seq, entry.tournament_id, entry.kind, entry.turn_number, entry.event, entry.clock,
           entry.ruling, entry.issued_by, entry.at_ms
    FROM projected, jsonb_to_recordset(jsonb_build_array(jsonb_build_object(
        'game_id', projected.id, 'seq', projected.seq, 'tournament_id', projected.tournament_id, 'kind', 'turn',
        'turn_number', projected.seq, 'event', '{"event": "turn", "color": "B", "action": {"move": "dd"}}'::jsonb,
        'clock', '{"type": "turn", "color": "B", "at": 1795000000000}'::jsonb, 'ruling', NULL,
        'issued_by', projected.token_id, 'at_ms', 1795000000000))) AS entry(game_id uuid, seq integer,
        tournament_id uuid, kind text, turn_number integer, event jsonb, clock jsonb, ruling jsonb, issued_by uuid,
        at_ms bigint)
    RETURNING id, game_id, seq, tournament_id),
ruled AS (
    UPDATE pairings SET result = NULL, updated_at = now()
    WHERE id = (SELECT pairing_id FROM games WHERE id = (SELECT id FROM game)) AND false AND EXISTS (SELECT FROM projected)),
kept AS (
    INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body)
    SELECT token_id, 'bench-' || nextval('bench_keys'), '\x00', 201, jsonb_build_object('board', repeat('.', 2400))
    FROM projected)
SELECT EXISTS (SELECT FROM projected) AS written,
    (SELECT pg_notify('arbitre_game_events', json_build_object('tournament_id', last.tournament_id,
        'game_id', last.game_id, 'seq', last.seq, 'id', last.id)::text)
     FROM (SELECT * FROM inserted ORDER BY seq DESC LIMIT 1) AS last) AS notified;
