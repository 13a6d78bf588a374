-- The rest of a player's record as the organizers keep it (issue 40): registered
-- provisionally (OpenGotha's registeringStatus="PRE": in the standings, not paired), the
-- fee paid, and the organizers' comment.
ALTER TABLE players
    ADD COLUMN preliminary boolean NOT NULL DEFAULT false,
    ADD COLUMN paid boolean NOT NULL DEFAULT false,
    ADD COLUMN comment text;

-- What an audited change changed, field by field (`rank 5k → 4k; paid false → true`),
-- beside its short action.
ALTER TABLE audit_entries
    ADD COLUMN detail text NOT NULL DEFAULT '' CHECK (char_length(detail) <= 5000);
