ALTER TABLE tournaments DROP COLUMN standings_settings, DROP COLUMN country;
