ALTER TABLE tournaments DROP COLUMN language, DROP COLUMN time_zone;
