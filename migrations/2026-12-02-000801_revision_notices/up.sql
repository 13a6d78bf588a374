-- Every change of a tournament's revision is announced on `tournament_revised`, with the
-- tournament and its new revision (`{"tournament_id": …, "revision": …}`), and a deletion
-- with no revision. The notice is queued by the trigger that draws the revision, inside
-- the writing transaction: PostgreSQL delivers it at commit, to every instance listening,
-- and never for a write rolled back. Each instance then knows that one tournament's
-- revision without asking the store (see `services::revisions`).
--
-- The revision is drawn under the tournament's row lock (a BEFORE UPDATE trigger runs
-- once the row is locked), so a tournament's revisions grow in the order their writes
-- commit, and its notices arrive in that order.

CREATE OR REPLACE FUNCTION revise_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.revision := nextval('tournament_revisions');
    PERFORM pg_notify('tournament_revised',
                      json_build_object('tournament_id', NEW.id, 'revision', NEW.revision)::text);
    RETURN NEW;
END
$$;

CREATE FUNCTION announce_tournament_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tournament_revised',
                      json_build_object('tournament_id', OLD.id, 'revision', NULL)::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER tournaments_deleted AFTER DELETE ON tournaments
    FOR EACH ROW EXECUTE FUNCTION announce_tournament_deleted();
