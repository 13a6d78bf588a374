-- Tournaments and the players registered in them.
-- Ids are UUIDv7 chosen by the service: time-ordered, so lists page in creation order.

CREATE TABLE tournaments (
    id              uuid PRIMARY KEY,
    name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    place           text NOT NULL CHECK (char_length(place) BETWEEN 1 AND 200),
    start_date      date NOT NULL,
    end_date        date NOT NULL,
    -- A preset name of arbitre_core::Preset (`french`, `tromp-taylor`, ...).
    ruleset         text NOT NULL
                    CHECK (ruleset IN ('french', 'tromp-taylor', 'chinese', 'japanese', 'aga', 'new-zealand')),
    -- {"kind": "ruleset"} or {"kind": "fixed", "komi": 6.5}.
    komi_policy     jsonb NOT NULL,
    -- arbitre_core::clock::TimeControl as JSON ({"system": "byo-yomi", ...}).
    time_control    jsonb NOT NULL,
    -- Played on a go server: EGF class D at best.
    online          boolean NOT NULL DEFAULT false,
    -- EGF tournament class, computed from the time control (arbitre_core::clock::egd_class).
    egd_class       text NOT NULL CHECK (egd_class IN ('A', 'B', 'C', 'D', 'X')),
    handicap_policy jsonb NOT NULL,
    -- What happens when the players disagree on the dead stones.
    dispute_policy  text NOT NULL CHECK (dispute_policy IN ('strict', 'agree-again', 'four-passes')),
    -- Placement criteria for the standings, most important first (arbitre_core::standings::Criterion).
    placement_criteria jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date >= start_date)
);

CREATE INDEX tournaments_start_date ON tournaments (start_date);

CREATE TABLE players (
    id            uuid PRIMARY KEY,
    tournament_id uuid NOT NULL REFERENCES tournaments (id),
    surname       text NOT NULL,
    first_name    text NOT NULL,
    -- `30k`..`1k`, `1d`..`9d`, `1p`..`9p`.
    rank          text NOT NULL,
    -- EGD-style rating (100 points a grade, 2100 = 1d).
    rating        integer,
    -- ISO 3166-1 alpha-2.
    country       text,
    club          text,
    egd_pin       text,
    ffg_licence   text,
    aga_id        text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX players_tournament ON players (tournament_id, id);
-- The same person registered twice is a mistake the rating exports would repeat.
CREATE UNIQUE INDEX players_tournament_egd_pin ON players (tournament_id, egd_pin) WHERE egd_pin IS NOT NULL;
