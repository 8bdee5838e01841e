CREATE TABLE "audit_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_daily_counts_action_actor_day_idx" ON "audit_daily_counts" USING btree ("action","actor_key","day");--> statement-breakpoint
CREATE INDEX "audit_daily_counts_actor_day_idx" ON "audit_daily_counts" USING btree ("actor_key","day");--> statement-breakpoint
-- No entry may land between the new trigger and the backfill below (the migration is one
-- transaction): inserts wait for its commit.
LOCK TABLE "audit_log" IN SHARE MODE;
--> statement-breakpoint
-- The trigger of 0014 also keeps audit_day_totals (one row per Kolkata day), so the unfiltered
-- audit screen reads ~730 rows for two years instead of summing ~22,000 (day x action x actor).
-- The day row is upserted first, in day order, then the (day, action, actor) rows as before: a
-- statement takes the summary locks in one order, so two writers cannot deadlock on them. The day
-- row serializes the audit-to-commit tail of concurrent audited transactions; those are staff
-- actions, and every one records its entry last (or after locking all it changes), so the wait is
-- one commit. Concurrent moves by one staff member already queued on their (day, action, actor) row.
CREATE OR REPLACE FUNCTION "audit_daily_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "audit_day_totals";
    DELETE FROM "audit_daily_counts";
  ELSE
    INSERT INTO "audit_day_totals" AS t ("day", "count")
    SELECT "registration_kolkata_day"("created_at"), count(*)
    FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "count" = t."count" + excluded."count";
    INSERT INTO "audit_daily_counts" AS c ("day", "action", "actor_key", "count")
    SELECT "registration_kolkata_day"("created_at"), "action", coalesce("actor_user_id", 0), count(*)
    FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "action", "actor_key") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "audit_day_totals" ("day", "count")
SELECT "day", sum("count") FROM "audit_daily_counts" GROUP BY 1;
