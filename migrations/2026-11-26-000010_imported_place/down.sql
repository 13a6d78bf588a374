-- Imported tournaments without a place keep it empty: the old check holds for new rows.
ALTER TABLE tournaments DROP CONSTRAINT tournaments_place_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_place_check
    CHECK (char_length(place) BETWEEN 1 AND 200) NOT VALID;
