DROP TABLE pairing_events;
