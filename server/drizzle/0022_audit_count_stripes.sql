-- The audit summaries become striped counters (audit-trail/tables.ts), as registration_daily_counts
-- did in 0018: the column comes before the keys that name it (drizzle-kit wrote them the other way
-- round, and cannot name the day table's primary key).
ALTER TABLE "audit_daily_counts" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_day_totals" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_daily_counts" DROP CONSTRAINT "audit_daily_counts_day_action_actor_key_pk";--> statement-breakpoint
ALTER TABLE "audit_day_totals" DROP CONSTRAINT "audit_day_totals_pkey";--> statement-breakpoint
ALTER TABLE "audit_daily_counts" ADD CONSTRAINT "audit_daily_counts_day_action_actor_key_stripe_pk" PRIMARY KEY("day","action","actor_key","stripe");--> statement-breakpoint
ALTER TABLE "audit_day_totals" ADD CONSTRAINT "audit_day_totals_day_stripe_pk" PRIMARY KEY("day","stripe");--> statement-breakpoint
-- The trigger of 0021, now adding to this connection's stripe (1-16). With one row per day (and
-- one per day, action and actor), every audited staff action of a day held those rows' locks from
-- its audit entry to its commit, so one staff member's concurrent moves ran one at a time: 258
-- transitions a second at 10 connections, p95 57 ms, with the server 42% idle. Stripe 0 is left
-- to the fold. Upserts still go in (day) then (day, action, actor) order, and the fold locks in
-- the same order, stripes last, so no two writers can deadlock.
CREATE OR REPLACE FUNCTION "audit_daily_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  "s" smallint := (1 + pg_backend_pid() % 16)::smallint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "audit_day_totals";
    DELETE FROM "audit_daily_counts";
  ELSE
    INSERT INTO "audit_day_totals" AS t ("day", "stripe", "count")
    SELECT "registration_kolkata_day"("created_at"), "s", count(*)
    FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day", "stripe") DO UPDATE SET "count" = t."count" + excluded."count";
    INSERT INTO "audit_daily_counts" AS c ("day", "action", "actor_key", "stripe", "count")
    SELECT "registration_kolkata_day"("created_at"), "action", coalesce("actor_user_id", 0), "s", count(*)
    FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "action", "actor_key", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
