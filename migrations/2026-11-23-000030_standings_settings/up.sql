-- What the rating bodies and the standings need of a tournament beyond its rules.
--
-- `country`: where it is played, two letters (ISO 3166-1), for the EGD `PC[country,city]`
-- header; empty when not given.
-- `standings_settings`: the McMahon bar and floor and the credit of rounds without a game
-- (arbitre_api::routes::tournaments::StandingsSettings as JSON). The default is
-- OpenGotha's, which the standings used before this column existed.

ALTER TABLE tournaments
    ADD COLUMN country text NOT NULL DEFAULT '' CHECK (country ~ '^([A-Z]{2})?$'),
    ADD COLUMN standings_settings jsonb NOT NULL DEFAULT '{
        "mcmahon_bar": "4d",
        "mcmahon_floor": "20k",
        "bye": {"mms_half_points": 2, "nbw_half_points": 2},
        "absence": {"mms_half_points": 1, "nbw_half_points": 0},
        "round_down": true,
        "unplayed_as_half_point_in_sos": false
    }'::jsonb;
