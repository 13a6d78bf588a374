-- The board a tournament is played on (issue 25): every export names it (OpenGotha
-- `size`, FFG `;size=`), its games are played on it. Existing tournaments were 19×19,
-- the only board the exports knew. The sides are those the service holds games on
-- (`arbitre_core::fields::BOARD_SIDES`).
ALTER TABLE tournaments ADD COLUMN board_size smallint NOT NULL DEFAULT 19
    CHECK (board_size BETWEEN 2 AND 25);
