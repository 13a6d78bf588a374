-- The audit keeps its actions by identifiers, which the pages write in their reader's
-- language (issue 41); the entries recorded before keep their meaning.
UPDATE audit_entries SET action = 'credential-revoked' WHERE action = 'revoked the credential';
UPDATE audit_entries SET action = 'player-withdrawn' WHERE action = 'withdrew the player';
UPDATE audit_entries SET action = 'player-changed' WHERE action = 'changed the player''s record';
