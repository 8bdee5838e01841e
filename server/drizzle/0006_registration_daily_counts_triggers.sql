-- Keeps registration_daily_counts exact in the transaction of every write to registrations, so the
-- back office's totals (list without search, dashboard) read a few hundred summary rows instead of
-- counting a million registrations per request.
--
-- The day is the one the list's from_date/to_date filter uses (dates.ts): a Kolkata day starting
-- at a fixed +05:30 instant. The zone name 'Asia/Kolkata' would differ for dates before 1945, and
-- then a summed range would no longer equal the rows the list shows.
CREATE OR REPLACE FUNCTION "registration_kolkata_day"("at" timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (("at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date $$;
--> statement-breakpoint
-- Statement-level with transition tables: a COPY of a million rows costs one grouped upsert, not a
-- million. Upserts go in (day, status) order so two transactions touching the same rows lock them
-- in the same order and cannot deadlock. An update that changes neither day nor status (the
-- delivered toggle, a profile edit's lock) nets to zero and writes nothing.
CREATE OR REPLACE FUNCTION "registration_daily_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "registration_daily_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "registration_daily_counts" AS c ("day", "status", "count")
    SELECT "registration_kolkata_day"("created_at"), "status", count(*)
    FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "registration_daily_counts" AS c ("day", "status", "count")
    SELECT "registration_kolkata_day"("created_at"), "status", -count(*)
    FROM "old_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("day", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "registration_daily_counts" AS c ("day", "status", "count")
    SELECT "day", "status", sum("delta")
    FROM (
      SELECT "registration_kolkata_day"("created_at") AS "day", "status", 1 AS "delta" FROM "new_rows"
      UNION ALL
      SELECT "registration_kolkata_day"("created_at"), "status", -1 FROM "old_rows"
    ) AS "changes"
    GROUP BY 1, 2 HAVING sum("delta") <> 0 ORDER BY 1, 2
    ON CONFLICT ("day", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on single-event triggers without a column list, hence
-- one trigger per event, and the update trigger fires on every update.
CREATE TRIGGER "registrations_daily_counts_insert" AFTER INSERT ON "registrations"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_daily_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "registrations_daily_counts_update" AFTER UPDATE ON "registrations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_daily_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "registrations_daily_counts_delete" AFTER DELETE ON "registrations"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_daily_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "registrations_daily_counts_truncate" AFTER TRUNCATE ON "registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_daily_counts_apply"();
--> statement-breakpoint
-- ALWAYS: bulk loads set session_replication_role = replica to skip foreign-key checks (the bench
-- seeder does), which silences ordinary triggers; the summary must count those rows too. If
-- logical replication is ever set up, publish registrations but not this summary: the
-- subscriber's own triggers keep its copy.
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_daily_counts_insert";
--> statement-breakpoint
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_daily_counts_update";
--> statement-breakpoint
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_daily_counts_delete";
--> statement-breakpoint
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_daily_counts_truncate";
--> statement-breakpoint
-- Existing rows. Creating the triggers took registrations' SHARE ROW EXCLUSIVE lock, held until
-- the migration commits, so no write can land between this count and the first trigger firing.
INSERT INTO "registration_daily_counts" ("day", "status", "count")
SELECT "registration_kolkata_day"("created_at"), "status", count(*)
FROM "registrations" GROUP BY 1, 2;
