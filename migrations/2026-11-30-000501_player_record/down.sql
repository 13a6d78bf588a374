ALTER TABLE audit_entries DROP COLUMN detail;
ALTER TABLE players
    DROP COLUMN comment,
    DROP COLUMN paid,
    DROP COLUMN preliminary;
