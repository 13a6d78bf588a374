-- Rounds, who plays in each (registrations), and who plays whom (pairings).
-- A pairing's id is what a game (a later migration) will reference.

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
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CHECK (black_id <> white_id),
    CONSTRAINT pairings_round_table UNIQUE (round_id, table_number)
);

CREATE INDEX pairings_black ON pairings (round_id, black_id);
CREATE INDEX pairings_white ON pairings (round_id, white_id);
