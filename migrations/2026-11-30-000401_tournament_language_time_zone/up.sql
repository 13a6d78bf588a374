-- The tournament's language and time zone (issue 41). Its pages are written in its
-- language when the reader's browser asks for none of ours (the reader's choice first,
-- then Accept-Language, then this, then English); the times they show are in its zone
-- (an IANA name). Existing tournaments keep what their pages showed: English, UTC.
ALTER TABLE tournaments
    ADD COLUMN language text NOT NULL DEFAULT 'en',
    ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
