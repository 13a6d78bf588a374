-- Live games: one per pairing. `games` is the projection of each game's log that the
-- flag sweep, the lists and the standings read; `game_events` is the log itself
-- (turns, clock events, the counting phase, rulings), append-only, replayed through the
-- core to rebuild a game. `idempotency_keys` keeps the response of each keyed request.

CREATE TABLE games (
    id            uuid PRIMARY KEY,
    tournament_id uuid NOT NULL REFERENCES tournaments (id),
    -- One game per pairing; the pairing's result is this game's `result`.
    pairing_id    uuid NOT NULL REFERENCES pairings (id),
    -- arbitre_core::ending::Settings (rules, start, komi, resumption policy).
    settings      jsonb NOT NULL,
    -- arbitre_core::clock::TimeControl and FlagPolicy.
    time_control  jsonb NOT NULL,
    flag_policy   text NOT NULL CHECK (flag_policy IN ('lose', 'auto-pass')),
    -- Projection of the log, rewritten with every appended event.
    last_seq      integer NOT NULL DEFAULT 0,
    turns         integer NOT NULL DEFAULT 0,
    phase         text NOT NULL CHECK (phase IN ('playing', 'counting', 'finished')),
    -- SGF RE of the result (`B+7.5`, `W+R`, `B+T`, `Void`), once finished; rulings may change it.
    result        text,
    -- When the running clock's flag falls: the sweep looks at the game then.
    flag_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT games_pairing UNIQUE (pairing_id)
);

CREATE INDEX games_tournament ON games (tournament_id, id);
CREATE INDEX games_flag_at ON games (flag_at) WHERE flag_at IS NOT NULL;

CREATE TABLE game_events (
    -- Order across a tournament (its event stream).
    id            bigserial NOT NULL UNIQUE,
    game_id       uuid NOT NULL REFERENCES games (id),
    -- 1, 2, 3...: order in the game, without gaps.
    seq           integer NOT NULL CHECK (seq >= 1),
    tournament_id uuid NOT NULL REFERENCES tournaments (id),
    kind          text NOT NULL CHECK (kind IN ('start', 'turn', 'clock', 'counting', 'ruling', 'result')),
    -- For a turn: its number (1-based).
    turn_number   integer,
    -- arbitre_core::ending::Event, when the game itself changed.
    event         jsonb,
    -- arbitre_core::clock::ClockEvent, when the clock did.
    clock         jsonb,
    -- For a ruling: {"kind", "reason", "corrects", ...}.
    ruling        jsonb,
    -- The token that caused it (none for the flag sweep).
    issued_by     uuid REFERENCES api_tokens (id),
    -- The server instant, milliseconds since the Unix epoch (the clock's time base).
    at_ms         bigint NOT NULL,
    recorded_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seq)
);

CREATE INDEX game_events_tournament ON game_events (tournament_id, id);

CREATE TRIGGER game_events_append_only
    BEFORE UPDATE OR DELETE ON game_events
    FOR EACH ROW EXECUTE FUNCTION forbid_history_rewrite();

CREATE TABLE idempotency_keys (
    token_id    uuid NOT NULL REFERENCES api_tokens (id),
    key         text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 200),
    -- SHA-256 of method, path and body: a key reused for another request is refused.
    fingerprint bytea NOT NULL,
    status      smallint NOT NULL,
    body        jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (token_id, key)
);
