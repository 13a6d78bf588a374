DROP FUNCTION append_game_entries(jsonb);
DROP TABLE idempotency_keys;
DROP TRIGGER game_events_append_only ON game_events;
DROP TABLE game_events;
DROP TABLE games;
