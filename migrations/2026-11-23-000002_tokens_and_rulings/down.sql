DROP TRIGGER pairing_rulings_append_only ON pairing_rulings;
DROP TABLE pairing_rulings;
DROP FUNCTION forbid_history_rewrite();
DROP TABLE api_tokens;
