ALTER TABLE pairings DROP COLUMN result;
