ALTER TABLE tournaments DROP COLUMN board_size;
