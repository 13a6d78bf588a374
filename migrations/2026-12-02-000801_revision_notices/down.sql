DROP TRIGGER tournaments_deleted ON tournaments;
DROP FUNCTION announce_tournament_deleted();

CREATE OR REPLACE FUNCTION revise_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.revision := nextval('tournament_revisions');
    RETURN NEW;
END
$$;
