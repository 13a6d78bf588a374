DROP TABLE pairings;
DROP TABLE registrations;
DROP TABLE rounds;
