-- One turn as arbitre stores it, for pgbench (bench/live.sh, `-M prepared`): a lookup (where
-- arbitre looks up the caller's token), then the two statements arbitre sends, in autocommit:
-- the call of `append_game_entries`, one durable commit (the projection rewritten while the
-- game is at the entry the turn follows, the log entry appended, the Idempotency-Key response
-- kept: a response of arbitre's, `bench_body`), then the notice of the new entry, a
-- transaction of its own. arbitre pipelines the two (one round trip); pgbench sends them
-- one after the other (a pipeline of pgbench's would make them one transaction).
-- Each client plays its own games (n ≡ client_id mod clients), as each tablet plays its own: no call
-- finds its game taken by another client's.
\set n :client_id + 1 + :clients * random(0, (:games - 1 - :client_id) / :clients)
SELECT g.id AS game, g.last_seq AS seq, g.tournament_id AS tournament, g.pairing_id AS pairing, b.token_id AS token,
       nextval('bench_keys') AS key, k.body AS body
    FROM games g JOIN bench_games b ON b.id = g.id CROSS JOIN bench_body k WHERE b.n = :n \gset
SELECT append_game_entries(jsonb_build_object(
    'game', :game::uuid, 'after_seq', :seq::integer, 'pairing', :pairing::uuid, 'sets_result', false,
    'projection', jsonb_build_object('last_seq', :seq::integer + 1, 'turns', :seq::integer + 1,
        'phase', 'playing', 'result', NULL, 'flag_at', now() + interval '1 hour'),
    'entries', jsonb_build_array(jsonb_build_object('game_id', :game::uuid, 'seq', :seq::integer + 1,
        'tournament_id', :tournament::uuid, 'kind', 'turn', 'turn_number', :seq::integer + 1,
        'event', '{"event": "turn", "color": "B", "action": {"move": "dd"}, "at": 1795000000000}'::jsonb,
        'ruling', NULL, 'result', NULL,
        'issued_by', :token::uuid, 'at_ms', 1795000000000)),
    'kept', jsonb_build_object('token_id', :token::uuid, 'key', 'bench-' || :key::text, 'fingerprint', '00',
        'status', 201, 'body', :body::jsonb)));
SELECT pg_notify('arbitre_game_events', json_build_object('tournament_id', :tournament::uuid, 'game_id', :game::uuid,
    'seq', :seq::integer + 1)::text);
