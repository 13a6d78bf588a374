DROP TRIGGER player_rating_updates_append_only ON player_rating_updates;
DROP TABLE player_rating_updates;
DROP TABLE player_licence_statuses;
DROP TABLE tournament_rating_lists;
DROP TABLE rating_lists;
