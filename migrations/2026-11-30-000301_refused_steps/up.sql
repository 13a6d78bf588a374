-- A step of a table's tablet refused on arrival because the game had moved on (a pause,
-- a ruling, the other tablet's turn, a new proposal of dead stones) is kept in the game's
-- log for the referee (issue 43): a `refused` entry, which changes nothing in the game.
ALTER TABLE game_events DROP CONSTRAINT game_events_kind_check;
ALTER TABLE game_events ADD CONSTRAINT game_events_kind_check
    CHECK (kind IN ('start', 'turn', 'clock', 'counting', 'ruling', 'result', 'refused'));
