DROP FUNCTION append_game_entries(jsonb, uuid, integer, integer, integer, text, text, timestamptz, uuid, boolean,
    uuid, text, bytea, smallint, jsonb, text);
