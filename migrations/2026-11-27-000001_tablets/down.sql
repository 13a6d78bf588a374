DROP TABLE sign_in_codes;
DELETE FROM api_tokens WHERE table_number IS NOT NULL;
DROP INDEX api_tokens_table;
ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_table_binding;
ALTER TABLE api_tokens DROP COLUMN table_number;
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_check1 CHECK ((role = 'table') = (pairing_id IS NOT NULL));
