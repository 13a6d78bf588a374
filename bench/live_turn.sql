-- One turn as arbitre stores it, for pgbench (bench/live.sh, `-M prepared`): a lookup (where
-- arbitre looks up the caller's token), then the call arbitre makes in autocommit, one
-- durable commit (`append_game_entries`): the projection rewritten while the game is at
-- the entry the turn follows, the log entry appended, the Idempotency-Key response kept
-- (about the size of a game state), the notification sent.
\set n random(1, :games)
SELECT g.id AS game, g.last_seq AS seq, g.tournament_id AS tournament, g.pairing_id AS pairing, b.token_id AS token,
       nextval('bench_keys') AS key
    FROM games g JOIN bench_games b ON b.id = g.id WHERE b.n = :n \gset
SELECT written FROM append_game_entries(
    jsonb_build_array(jsonb_build_object('game_id', :game::uuid, 'seq', :seq + 1, 'tournament_id', :tournament::uuid,
        'kind', 'turn', 'turn_number', :seq + 1, 'event', '{"event": "turn", "color": "B", "action": {"move": "dd"}}'::jsonb,
        'clock', '{"type": "turn", "color": "B", "at": 1795000000000}'::jsonb, 'ruling', NULL, 'issued_by', :token::uuid,
        'at_ms', 1795000000000)),
    :game, :seq, :seq + 1, :seq + 1, 'playing', NULL, now() + interval '1 hour', :pairing, false,
    :token, 'bench-' || :key, '\x00', 201::smallint, jsonb_build_object('board', repeat('.', 2400)), 'arbitre_game_events');
