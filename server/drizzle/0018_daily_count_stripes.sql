-- registration_daily_counts becomes a striped counter (tables.ts): the column comes before the key
-- that names it (drizzle-kit wrote them the other way round).
ALTER TABLE "registration_daily_counts" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_daily_counts" DROP CONSTRAINT "registration_daily_counts_day_status_pk";--> statement-breakpoint
ALTER TABLE "registration_daily_counts" ADD CONSTRAINT "registration_daily_counts_day_status_stripe_pk" PRIMARY KEY("day","status","stripe");--> statement-breakpoint
-- The triggers of 0006, now adding to this connection's stripe (1-16). With one row per (day,
-- status), every payment and staff move of one day's applications held that row's lock until
-- its commit, so concurrent ones queued one behind another. Stripe 0 is left to the fold and to
-- db:recount. Upserts still go in (day, status) order, and the fold locks in (day, status,
-- stripe) order, so no two writers can deadlock.
CREATE OR REPLACE FUNCTION "registration_daily_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  "s" smallint := (1 + pg_backend_pid() % 16)::smallint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "registration_daily_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "registration_daily_counts" AS c ("day", "status", "stripe", "count")
    SELECT "registration_kolkata_day"("created_at"), "status", "s", count(*)
    FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "registration_daily_counts" AS c ("day", "status", "stripe", "count")
    SELECT "registration_kolkata_day"("created_at"), "status", "s", -count(*)
    FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "registration_daily_counts" AS c ("day", "status", "stripe", "count")
    SELECT "day", "status", "s", sum("delta")
    FROM (
      SELECT "registration_kolkata_day"("created_at") AS "day", "status", 1 AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "registration_kolkata_day"("created_at"), "status", -1 FROM "old_rows"
    ) AS "changes"
    GROUP BY 1, 2 HAVING sum("delta") <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
