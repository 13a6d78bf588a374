UPDATE audit_entries SET action = 'revoked the credential' WHERE action = 'credential-revoked';
UPDATE audit_entries SET action = 'withdrew the player' WHERE action = 'player-withdrawn';
UPDATE audit_entries SET action = 'changed the player''s record' WHERE action = 'player-changed';
