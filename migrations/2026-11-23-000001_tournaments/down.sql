DROP TABLE pairings;
DROP TABLE registrations;
DROP TABLE rounds;
DROP TABLE players;
DROP TABLE tournaments;
