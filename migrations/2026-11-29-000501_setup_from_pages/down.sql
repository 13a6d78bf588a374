DROP TABLE audit_entries;
DELETE FROM sign_in_codes WHERE role = 'admin';
ALTER TABLE sign_in_codes DROP CONSTRAINT sign_in_codes_first_admin;
ALTER TABLE sign_in_codes DROP CONSTRAINT sign_in_codes_role_check;
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_role_check
    CHECK (role IN ('organizer', 'referee', 'table'));
ALTER TABLE sign_in_codes ALTER COLUMN issued_by SET NOT NULL;
ALTER TABLE sign_in_codes ALTER COLUMN tournament_id SET NOT NULL;
