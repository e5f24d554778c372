CREATE TABLE "message_sends" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_sends_ticket_idx" ON "message_sends" USING btree ("ticket_id","message_id");--> statement-breakpoint
-- The automatic messages queued as send-stored-messages jobs before this build, waiting or kept for a paused
-- company, move to the outbox: the sweep sends them (or settles one a run was sending as failed), none is lost.
INSERT INTO "message_sends" ("message_id", "company_id", "ticket_id")
SELECT m."id", m."company_id", m."ticket_id"
FROM "paused_jobs" p
CROSS JOIN jsonb_array_elements_text(p."data" -> 'messageIds') AS queued(id)
JOIN "messages" m ON m."id" = queued.id::integer
WHERE p."name" = 'send-stored-messages'
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "paused_jobs" WHERE "name" = 'send-stored-messages';--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "message_sends" ("message_id", "company_id", "ticket_id", "not_before")
    SELECT m."id", m."company_id", m."ticket_id", greatest(j.start_after, now())
    FROM pgboss.job j
    CROSS JOIN jsonb_array_elements_text(j.data -> 'messageIds') AS queued(id)
    JOIN "messages" m ON m."id" = queued.id::integer
    WHERE j.name = 'send-stored-messages' AND j.state IN ('created', 'retry', 'active')
    ON CONFLICT DO NOTHING;
    DELETE FROM pgboss.job WHERE name = 'send-stored-messages' AND state IN ('created', 'retry', 'active');
  END IF;
END $$;
