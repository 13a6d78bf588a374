-- An OpenGotha file may name no location: it imports with a warning (the EGD and FFG
-- exports need the place, and the director sets it before they are made). The JSON API
-- still asks for a place when a tournament is created.
ALTER TABLE tournaments DROP CONSTRAINT tournaments_place_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_place_check CHECK (char_length(place) <= 200);
