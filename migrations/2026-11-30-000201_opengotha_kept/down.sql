ALTER TABLE tournaments DROP COLUMN opengotha_kept;
