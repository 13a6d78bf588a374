-- The federations' rating lists (EGD, FFG, AGA), imported from the files the organizer
-- downloaded before the event, and what the registration desk did with them.
--
-- A snapshot keeps the list as published (unzipped): the core's reader reads it again to
-- search it, so a snapshot is exactly the file and never changes. The same list imported
-- again (same source, same SHA-256) is the same snapshot.

CREATE TABLE rating_lists (
    id          uuid PRIMARY KEY,
    source      text NOT NULL CHECK (source IN ('egd', 'ffg', 'aga')),
    -- The list's own date: the EGD's `(dd Mon yyyy)`, the FFG's `#Echelle au` header; the
    -- AGA's list has none, its newest "last rated" date stands for it.
    list_date   date NOT NULL,
    sha256      bytea NOT NULL CHECK (octet_length(sha256) = 32),
    content     bytea NOT NULL,
    -- Players read from it (placeholder lines left out).
    entries     integer NOT NULL CHECK (entries > 0),
    imported_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT rating_lists_source_sha256 UNIQUE (source, sha256),
    CONSTRAINT rating_lists_id_source UNIQUE (id, source)
);

CREATE INDEX rating_lists_newest ON rating_lists (source, list_date DESC, imported_at DESC);

-- The snapshot a tournament uses for a source (its freeze date); without one, the newest.
CREATE TABLE tournament_rating_lists (
    tournament_id  uuid NOT NULL REFERENCES tournaments (id),
    source         text NOT NULL,
    rating_list_id uuid NOT NULL,
    pinned_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tournament_id, source),
    FOREIGN KEY (rating_list_id, source) REFERENCES rating_lists (id, source)
);

-- A player's FFG licence status (`-`, `L`, `C`, `X`, `e`), as the FFG's list last gave it.
CREATE TABLE player_licence_statuses (
    player_id          uuid PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    ffg_licence_status text NOT NULL CHECK (ffg_licence_status IN ('-', 'L', 'C', 'X', 'e')),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Each change a refresh applied to a player: the field, its value before and after, the
-- list it came from, who applied it. Never updated; gone with its player.
CREATE TABLE player_rating_updates (
    id             uuid PRIMARY KEY,
    player_id      uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    rating_list_id uuid NOT NULL REFERENCES rating_lists (id),
    field          text NOT NULL
                   CHECK (field IN ('rating', 'rank', 'club', 'licence_status', 'egd_pin', 'ffg_licence', 'aga_id')),
    previous       text,
    value          text NOT NULL,
    applied_by     uuid NOT NULL REFERENCES api_tokens (id),
    applied_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX player_rating_updates_player ON player_rating_updates (player_id, id);

CREATE TRIGGER player_rating_updates_append_only
    BEFORE UPDATE ON player_rating_updates
    FOR EACH ROW EXECUTE FUNCTION forbid_history_rewrite();
