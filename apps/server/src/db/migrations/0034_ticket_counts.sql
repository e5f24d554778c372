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
-- The triggers below add the tickets a statement inserted, deleted or moved to their groups' counts
-- (1 each, -1 for those that left) in the writing connection's slot (ticket-counts.ts): one row per
-- group, locked in one order, so two transactions moving tickets between the same groups in opposite
-- directions cannot deadlock. Per statement, not per row: a statement touching many tickets (a seed, a
-- company or a queue going) writes each group once, where a row trigger would update one row thousands
-- of times in one transaction, walking all its earlier versions each time. PL/pgSQL keeps the plans.
CREATE FUNCTION ticket_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counts AS c (company_id, status, queue_id, user_id, slot, n)
  SELECT m.company_id, m.status, m.queue_id, m.user_id, pg_backend_pid() % 8, count(*)
  FROM new_rows m
  GROUP BY m.company_id, m.status, m.queue_id, m.user_id
  ORDER BY m.company_id, m.status, m.queue_id, m.user_id
  ON CONFLICT ON CONSTRAINT ticket_counts_group_uq DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION ticket_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counts AS c (company_id, status, queue_id, user_id, slot, n)
  SELECT m.company_id, m.status, m.queue_id, m.user_id, pg_backend_pid() % 8, -count(*)
  FROM old_rows m
  GROUP BY m.company_id, m.status, m.queue_id, m.user_id
  ORDER BY m.company_id, m.status, m.queue_id, m.user_id
  ON CONFLICT ON CONSTRAINT ticket_counts_group_uq DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Most updates (ingest's: unread, last message) move no ticket between groups: they stop at the check.
CREATE FUNCTION ticket_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.company_id, o.status, o.queue_id, o.user_id) IS DISTINCT FROM (n.company_id, n.status, n.queue_id, n.user_id)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO ticket_counts AS c (company_id, status, queue_id, user_id, slot, n)
  SELECT m.company_id, m.status, m.queue_id, m.user_id, pg_backend_pid() % 8, sum(m.n)
  FROM (SELECT company_id, status, queue_id, user_id, -1 AS n FROM old_rows
        UNION ALL SELECT company_id, status, queue_id, user_id, 1 FROM new_rows) m
  GROUP BY m.company_id, m.status, m.queue_id, m.user_id
  HAVING sum(m.n) <> 0
  ORDER BY m.company_id, m.status, m.queue_id, m.user_id
  ON CONFLICT ON CONSTRAINT ticket_counts_group_uq DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION ticket_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ticket_counts_insert AFTER INSERT ON tickets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_inserted();--> statement-breakpoint
CREATE TRIGGER ticket_counts_delete AFTER DELETE ON tickets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_deleted();--> statement-breakpoint
CREATE TRIGGER ticket_counts_update AFTER UPDATE ON tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_updated();--> statement-breakpoint
CREATE TRIGGER ticket_counts_truncate AFTER TRUNCATE ON tickets FOR EACH STATEMENT
  EXECUTE FUNCTION ticket_counts_clear();--> statement-breakpoint
-- The tickets there are (the triggers above hold tickets' writers off until this transaction commits).
INSERT INTO ticket_counts (company_id, status, queue_id, user_id, slot, n)
SELECT company_id, status, queue_id, user_id, 0, count(*) FROM tickets GROUP BY company_id, status, queue_id, user_id;
