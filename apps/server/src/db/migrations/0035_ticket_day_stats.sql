CREATE TABLE "ticket_day_stats" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer,
	"finished" integer DEFAULT 0 NOT NULL,
	"support_micros" bigint DEFAULT 0 NOT NULL,
	"support_count" integer DEFAULT 0 NOT NULL,
	"resolution_micros" bigint DEFAULT 0 NOT NULL,
	"resolution_count" integer DEFAULT 0 NOT NULL,
	"first_response_business_minutes" numeric DEFAULT '0' NOT NULL,
	"first_response_business_count" integer DEFAULT 0 NOT NULL,
	"resolution_business_minutes" numeric DEFAULT '0' NOT NULL,
	"resolution_business_count" integer DEFAULT 0 NOT NULL,
	"wait_micros" bigint DEFAULT 0 NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_day_stats_day_uq" UNIQUE NULLS NOT DISTINCT("company_id","day","user_id")
);
--> statement-breakpoint
-- What ticket `t` adds to ticket_day_stats (sign 1) or takes from it (sign -1): its close on the day
-- it was closed, its accept on the day it was accepted (ticket-day-stats.ts).
CREATE FUNCTION ticket_day_contributions(t tickets, sign integer) RETURNS SETOF ticket_day_stats
LANGUAGE sql IMMUTABLE AS $$
  SELECT t.company_id, (t.closed_at AT TIME ZONE 'UTC')::date, t.user_id, sign,
    CASE WHEN t.closed_at >= t.accepted_at
      THEN sign * (extract(epoch FROM t.closed_at - t.accepted_at) * 1000000)::bigint ELSE 0::bigint END,
    CASE WHEN t.closed_at >= t.accepted_at THEN sign ELSE 0 END,
    CASE WHEN t.closed_at >= t.created_at
      THEN sign * (extract(epoch FROM t.closed_at - t.created_at) * 1000000)::bigint ELSE 0::bigint END,
    CASE WHEN t.closed_at >= t.created_at THEN sign ELSE 0 END,
    coalesce(sign * t.first_response_business_minutes::numeric, 0::numeric),
    CASE WHEN t.first_response_business_minutes IS NOT NULL THEN sign ELSE 0 END,
    coalesce(sign * t.resolution_business_minutes::numeric, 0::numeric),
    CASE WHEN t.resolution_business_minutes IS NOT NULL THEN sign ELSE 0 END,
    0::bigint, 0
  WHERE t.closed_at IS NOT NULL
  UNION ALL
  SELECT t.company_id, (t.accepted_at AT TIME ZONE 'UTC')::date, t.user_id, 0,
    0::bigint, 0, 0::bigint, 0, 0::numeric, 0, 0::numeric, 0,
    CASE WHEN t.accepted_at >= coalesce(t.queued_at, t.created_at)
      THEN sign * (extract(epoch FROM t.accepted_at - coalesce(t.queued_at, t.created_at)) * 1000000)::bigint
      ELSE 0::bigint END,
    CASE WHEN t.accepted_at >= coalesce(t.queued_at, t.created_at) THEN sign ELSE 0 END
  WHERE t.accepted_at IS NOT NULL
$$;--> statement-breakpoint
-- Adds contributions, one row per day and attendant, locked in one order (two transactions moving
-- tickets between the same days cannot deadlock).
CREATE FUNCTION ticket_day_stats_add(contributions ticket_day_stats[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ticket_day_stats AS s
  SELECT c.company_id, c.day, c.user_id, sum(c.finished), sum(c.support_micros), sum(c.support_count),
    sum(c.resolution_micros), sum(c.resolution_count), sum(c.first_response_business_minutes),
    sum(c.first_response_business_count), sum(c.resolution_business_minutes), sum(c.resolution_business_count),
    sum(c.wait_micros), sum(c.wait_count)
  FROM unnest(contributions) c
  GROUP BY c.company_id, c.day, c.user_id
  ORDER BY c.company_id, c.day, c.user_id
  ON CONFLICT ON CONSTRAINT ticket_day_stats_day_uq DO UPDATE SET
    finished = s.finished + excluded.finished,
    support_micros = s.support_micros + excluded.support_micros,
    support_count = s.support_count + excluded.support_count,
    resolution_micros = s.resolution_micros + excluded.resolution_micros,
    resolution_count = s.resolution_count + excluded.resolution_count,
    first_response_business_minutes = s.first_response_business_minutes + excluded.first_response_business_minutes,
    first_response_business_count = s.first_response_business_count + excluded.first_response_business_count,
    resolution_business_minutes = s.resolution_business_minutes + excluded.resolution_business_minutes,
    resolution_business_count = s.resolution_business_count + excluded.resolution_business_count,
    wait_micros = s.wait_micros + excluded.wait_micros,
    wait_count = s.wait_count + excluded.wait_count
$$;--> statement-breakpoint
CREATE FUNCTION ticket_day_stats_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ticket_day_stats_add(ARRAY(SELECT ticket_day_contributions(NEW, 1)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ticket_day_stats_add(ARRAY(SELECT ticket_day_contributions(OLD, -1)));
  ELSE
    PERFORM ticket_day_stats_add(ARRAY(
      SELECT ticket_day_contributions(OLD, -1) UNION ALL SELECT ticket_day_contributions(NEW, 1)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION ticket_day_stats_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_day_stats;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A ticket neither accepted nor closed adds nothing: ingest's new tickets never call the function.
CREATE TRIGGER ticket_day_stats_insert AFTER INSERT ON tickets FOR EACH ROW
  WHEN (NEW.closed_at IS NOT NULL OR NEW.accepted_at IS NOT NULL)
  EXECUTE FUNCTION ticket_day_stats_keep();--> statement-breakpoint
CREATE TRIGGER ticket_day_stats_delete AFTER DELETE ON tickets FOR EACH ROW
  WHEN (OLD.closed_at IS NOT NULL OR OLD.accepted_at IS NOT NULL)
  EXECUTE FUNCTION ticket_day_stats_keep();--> statement-breakpoint
CREATE TRIGGER ticket_day_stats_update AFTER UPDATE OF company_id, user_id, created_at, queued_at, accepted_at, closed_at,
    first_response_business_minutes, resolution_business_minutes ON tickets FOR EACH ROW
  WHEN ((OLD.closed_at IS NOT NULL OR OLD.accepted_at IS NOT NULL OR NEW.closed_at IS NOT NULL OR NEW.accepted_at IS NOT NULL)
    AND (OLD.company_id, OLD.user_id, OLD.created_at, OLD.queued_at, OLD.accepted_at, OLD.closed_at,
         OLD.first_response_business_minutes, OLD.resolution_business_minutes)
      IS DISTINCT FROM (NEW.company_id, NEW.user_id, NEW.created_at, NEW.queued_at, NEW.accepted_at, NEW.closed_at,
         NEW.first_response_business_minutes, NEW.resolution_business_minutes))
  EXECUTE FUNCTION ticket_day_stats_keep();--> statement-breakpoint
CREATE TRIGGER ticket_day_stats_truncate AFTER TRUNCATE ON tickets FOR EACH STATEMENT
  EXECUTE FUNCTION ticket_day_stats_clear();--> statement-breakpoint
-- The tickets there are (the triggers above hold tickets' writers off until this transaction commits),
-- summed as they stream by rather than gathered into one array first.
INSERT INTO ticket_day_stats
SELECT c.company_id, c.day, c.user_id, sum(c.finished), sum(c.support_micros), sum(c.support_count),
  sum(c.resolution_micros), sum(c.resolution_count), sum(c.first_response_business_minutes),
  sum(c.first_response_business_count), sum(c.resolution_business_minutes), sum(c.resolution_business_count),
  sum(c.wait_micros), sum(c.wait_count)
FROM tickets t CROSS JOIN LATERAL ticket_day_contributions(t, 1) c
GROUP BY c.company_id, c.day, c.user_id;
