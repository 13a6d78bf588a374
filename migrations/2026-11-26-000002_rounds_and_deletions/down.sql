ALTER TABLE tournaments ADD CONSTRAINT tournaments_check CHECK (end_date >= start_date);
ALTER TABLE pairings DROP COLUMN opengotha_result;
CREATE OR REPLACE FUNCTION forbid_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME;
END;
$$;
DROP TABLE deletions;
DROP FUNCTION forbid_audit_rewrite();
ALTER TABLE tournaments DROP COLUMN number_of_rounds;
