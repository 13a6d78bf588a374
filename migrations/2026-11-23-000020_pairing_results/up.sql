-- The result of each pairing's game, as SGF FF[4] RE text in the canonical spelling
-- arbitre_core::result::GameResult writes: `B+3.5`, `W+R`, `B+T`, `W+F` (forfeit: counts
-- for the score, not rated), `B+` (margin not recorded), `0` (jigo), `Void` (annulled).
-- NULL while unknown. Recorded by the staff (PUT .../pairings/{id}/result) and, once live
-- games exist, written by a finished game; the standings and rating exports read it.

ALTER TABLE pairings
    ADD COLUMN result text
        CHECK (result ~ '^([BW]\+([0-9]+(\.[0-9]+)?|R|T|F)?|0|Void)$');
