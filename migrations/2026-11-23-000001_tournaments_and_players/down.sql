DROP TABLE players;
DROP TABLE tournaments;
