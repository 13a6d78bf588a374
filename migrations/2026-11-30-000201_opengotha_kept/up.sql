-- What an imported OpenGotha file holds that the tournament's settings do not (issue 38):
-- the director, the short name, the Breizh groups, the locale the players' keys were
-- upper-cased in and the display settings, kept so that the service's OpenGotha file is
-- the file it imported. `{}` for a tournament made in the service.
ALTER TABLE tournaments ADD COLUMN opengotha_kept jsonb NOT NULL DEFAULT '{}'::jsonb;
