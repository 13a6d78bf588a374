-- A tournament: its settings, the players registered in it, its rounds, who plays in each
-- (registrations), who plays whom (pairings) and each pairing's result, which the standings
-- and the rating exports read.
-- Ids are UUIDv7 chosen by the service: time-ordered, so lists page in creation order.
-- The settings in JSON are the core's values (or `store::settings`) in their JSON form.

CREATE TABLE tournaments (
    id              uuid PRIMARY KEY,
    name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    place           text NOT NULL CHECK (char_length(place) BETWEEN 1 AND 200),
    -- Where it is played, two letters (ISO 3166-1), for the EGD `PC[country,city]` header;
    -- empty when not given.
    country         text NOT NULL DEFAULT '' CHECK (country ~ '^([A-Z]{2})?$'),
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
    -- The McMahon bar and floor and the credit of rounds without a game
    -- (store::settings::StandingsSettings); the default is OpenGotha's.
    standings_settings jsonb NOT NULL DEFAULT '{
        "mcmahon_bar": "4d",
        "mcmahon_floor": "20k",
        "bye": {"mms_half_points": 2, "nbw_half_points": 2},
        "absence": {"mms_half_points": 1, "nbw_half_points": 0},
        "round_down": true,
        "unplayed_as_half_point_in_sos": false,
        "category_limits": []
    }'::jsonb,
    -- OpenGotha's pairing parameters (arbitre_core::pairing::PairingParameters as JSON).
    pairing_parameters jsonb NOT NULL,
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
    -- Added to the McMahon start score (OpenGotha `smmsCorrection`): kept from an
    -- imported OpenGotha file, whose standings count it.
    mms_correction integer NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX players_tournament ON players (tournament_id, id);
-- The same person registered twice is a mistake the rating exports would repeat.
CREATE UNIQUE INDEX players_tournament_egd_pin ON players (tournament_id, egd_pin) WHERE egd_pin IS NOT NULL;

CREATE TABLE rounds (
    id            uuid PRIMARY KEY,
    tournament_id uuid NOT NULL REFERENCES tournaments (id),
    number        integer NOT NULL CHECK (number >= 1),
    scheduled_at  timestamptz,
    -- Set once, when the round starts; from then on pairings change only by a ruling.
    started_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT rounds_tournament_number UNIQUE (tournament_id, number)
);

CREATE TABLE registrations (
    round_id   uuid NOT NULL REFERENCES rounds (id),
    player_id  uuid NOT NULL REFERENCES players (id),
    status     text NOT NULL CHECK (status IN ('present', 'bye', 'absent')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (round_id, player_id)
);

CREATE TABLE pairings (
    id           uuid PRIMARY KEY,
    round_id     uuid NOT NULL REFERENCES rounds (id),
    table_number integer NOT NULL CHECK (table_number >= 1),
    black_id     uuid NOT NULL REFERENCES players (id),
    white_id     uuid NOT NULL REFERENCES players (id),
    handicap     smallint NOT NULL CHECK (handicap BETWEEN 0 AND 9),
    komi         double precision NOT NULL,
    -- SGF FF[4] RE in the canonical spelling of arbitre_core::result::GameResult: `B+3.5`,
    -- `W+R`, `B+T`, `W+F` (forfeit: counts for the score, not rated), `B+` (margin not
    -- recorded), `0` (jigo), `Void` (annulled); NULL while unknown. Recorded by the staff
    -- or written by the pairing's finished game.
    result       text CHECK (result ~ '^([BW]\+([0-9]+(\.[0-9]+)?|R|T|F)?|0|Void)$'),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CHECK (black_id <> white_id),
    CONSTRAINT pairings_round_table UNIQUE (round_id, table_number)
);

CREATE INDEX pairings_black ON pairings (round_id, black_id);
CREATE INDEX pairings_white ON pairings (round_id, white_id);
