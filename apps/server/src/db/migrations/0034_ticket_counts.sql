CREATE TABLE "ticket_counts" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_counts_group_uq" UNIQUE NULLS NOT DISTINCT("company_id","status","queue_id","user_id","slot")
);
--> statement-breakpoint
-- Adds `delta` to a group's count, in the writing connection's slot (ticket-counts.ts).
CREATE FUNCTION ticket_counts_add(company integer, st text, queue integer, attendant integer, delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO ticket_counts (company_id, status, queue_id, user_id, slot, n)
  VALUES (company, st, queue, attendant, pg_backend_pid() % 8, delta)
  ON CONFLICT ON CONSTRAINT ticket_counts_group_uq DO UPDATE SET n = ticket_counts.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION ticket_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ticket_counts_add(NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ticket_counts_add(OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, -1);
  ELSE
    -- Both groups in one statement, locked in one order whichever way the ticket moves, so two
    -- transactions moving tickets between the same groups in opposite directions cannot deadlock.
    INSERT INTO ticket_counts (company_id, status, queue_id, user_id, slot, n)
    SELECT g.company_id, g.status, g.queue_id, g.user_id, pg_backend_pid() % 8, g.n
    FROM (VALUES (OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, -1),
                 (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, 1)) AS g(company_id, status, queue_id, user_id, n)
    ORDER BY g.company_id, g.status, g.queue_id, g.user_id
    ON CONFLICT ON CONSTRAINT ticket_counts_group_uq DO UPDATE SET n = ticket_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION ticket_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ticket_counts_insert AFTER INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_counts_keep();--> statement-breakpoint
CREATE TRIGGER ticket_counts_delete AFTER DELETE ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_counts_keep();--> statement-breakpoint
-- Only a move between groups: ingest's per-message updates (unread, last message) never call the function.
CREATE TRIGGER ticket_counts_update AFTER UPDATE OF company_id, status, queue_id, user_id ON tickets FOR EACH ROW
  WHEN ((OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id) IS DISTINCT FROM (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id))
  EXECUTE FUNCTION ticket_counts_keep();--> statement-breakpoint
CREATE TRIGGER ticket_counts_truncate AFTER TRUNCATE ON tickets FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_clear();--> statement-breakpoint
-- The tickets there are (the triggers above hold tickets' writers off until this transaction commits).
INSERT INTO ticket_counts (company_id, status, queue_id, user_id, slot, n)
SELECT company_id, status, queue_id, user_id, 0, count(*) FROM tickets GROUP BY company_id, status, queue_id, user_id;
