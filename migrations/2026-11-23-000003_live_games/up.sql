-- Live games: one per pairing. `games` is the projection of each game's log that the
-- flag sweep, the lists and the standings read; `game_events` is the log itself: the live
-- table's events (arbitre_core::table), one per entry, append-only, folded through the
-- core to rebuild a game. The clock's changes follow from the events, so an entry carries
-- no clock of its own; an entry that sets or changes the game's result says which, so
-- that a client of the event stream reads the result where it happens.
-- `idempotency_keys` keeps the response of each keyed request.

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
    phase         text NOT NULL CHECK (phase IN ('placing', 'playing', 'counting', 'paused', 'finished')),
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
    -- For a ruling: {"kind", "reason", "corrects", ...}.
    ruling        jsonb,
    -- The token that caused it (none for the flag sweep).
    issued_by     uuid REFERENCES api_tokens (id),
    -- The server instant, milliseconds since the Unix epoch (the clock's time base).
    at_ms         bigint NOT NULL,
    recorded_at   timestamptz NOT NULL DEFAULT now(),
    -- SGF RE of the game's result after this entry, when this entry set or changed it.
    result        text,
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

-- One write to a live game, in one call: the projection of `games` is rewritten only while
-- the game is still at the entry the write follows (`after_seq`), then the entries are
-- appended to `game_events`, a finished game's result goes to its pairing, and the response
-- of a keyed request is kept. Returns false, and writes nothing, when another write came first.
-- A function rather than a statement sent each time: its plans are kept by the session,
-- and the call is one round trip; in autocommit, one durable commit.
--
-- It does not announce the new entries: arbitre sends that notice itself, in a statement of
-- its own right behind the call (see store::games::append). A transaction that calls
-- `pg_notify` takes, at commit, the one lock of the database's notification queue and holds
-- it until its commit is flushed to disk (so that notices are queued in commit order): every
-- notifying write then waited for the flush of the one before, the commits of concurrent
-- turns could not share a flush (group commit), and one slow flush stalled every write
-- behind it, which made the tail of a turn's latency (issue 16). A notice sent in its own
-- transaction, which writes nothing, holds that lock only while it is queued.
--
-- `write` is one JSON object (store::games::append writes it):
--   {"game": uuid, "after_seq": int, "pairing": uuid, "sets_result": bool,
--    "projection": {"last_seq": int, "turns": int, "phase": text, "result": text|null,
--                   "flag_at": timestamptz|null},
--    "entries": [{"game_id", "seq", "tournament_id", "kind", "turn_number", "event",
--                 "ruling", "result", "issued_by", "at_ms"}, ...],
--    "kept": null | {"token_id": uuid, "key": text, "fingerprint": hex, "status": int,
--                    "body": json}}
CREATE FUNCTION append_game_entries(write jsonb) RETURNS boolean
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
