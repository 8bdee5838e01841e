-- Issue 17: the admin list's search of four digits with a status filter and no date range
-- ("8034" + paid, as the API allows; the portal sends its dates). Its page is the top of the runs'
-- index (0025), newest first, reading each match's status until the page is full: 16 probes for
-- "8034" + paid. Its exact total needed the status of every match: 1,641 for "8034" at a million
-- applicants, a bitmap scan of 1,560 pages of registration_numbers, 5.6 ms of SQL and p95 56.8 ms
-- at 10 connections (target 50). Here each run's registrations are counted by status as they are
-- written, and the total sums a run's rows (at most 33 a status). Exact, as the spec's totals must
-- be: the counts change in the transaction that changes the numbers or the status, so a
-- statement's snapshot sees both or neither. The status stays out of registration_digit_grams:
-- there a status change rewrote 14 rows and their index entries and the transitions lost 40% of
-- their rate (0025); here it changes about 28 small counters (bench/README.md F25).
CREATE TABLE "digit_run_counts" (
	"digits" smallint NOT NULL,
	"status" varchar(32) NOT NULL,
	"stripe" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "digit_run_counts_digits_status_stripe_pk" PRIMARY KEY("digits","status","stripe")
);
--> statement-breakpoint
-- Every status change rewrites about 28 of these rows: room on each page keeps the new versions
-- there, without an index entry (2.7 MB after the fill at a million applicants, growing as
-- stripes write their own rows: 31 MB after the bench's three runs, F25).
ALTER TABLE "digit_run_counts" SET (fillfactor = 50);
--> statement-breakpoint
-- New rows and rows gone: statement-level with transition tables, as the runs themselves (0025),
-- so a bulk load (the bench seeder's million) is one grouped upsert and a cascade of deletes is
-- another. Each transaction writes the stripe it holds for name_word_counts (0027): that advisory
-- lock is held to the commit and no other running transaction writes that stripe of either
-- table: up to 32 concurrent writers, status changes of registrations that share a run never
-- wait for each other nor deadlock (past 32, one waits for a stripe, as 0027 says). Rows that fall
-- to 0 stay (at most a run's statuses times 33).
CREATE OR REPLACE FUNCTION "digit_run_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "digit_run_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "digit_run_counts" AS c ("digits", "status", "stripe", "count")
    SELECT g, n."status", "name_word_counts_stripe"(), count(*)::int
    FROM "new_rows" n
      CROSS JOIN LATERAL "registration_digit_grams_of"(n."contact_number",
        n."alternative_contact_number", n."pan_number", n."aadhaar_last4", n."account_last4") AS g
    GROUP BY 1, 2
    ON CONFLICT ("digits", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "digit_run_counts" AS c ("digits", "status", "stripe", "count")
    SELECT g, o."status", "name_word_counts_stripe"(), -count(*)::int
    FROM "old_rows" o
      CROSS JOIN LATERAL "registration_digit_grams_of"(o."contact_number",
        o."alternative_contact_number", o."pan_number", o."aadhaar_last4", o."account_last4") AS g
    GROUP BY 1, 2
    ON CONFLICT ("digits", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A changed row: row-level, called only when its status or numbers changed (its trigger's WHEN),
-- so the updates that change neither (none today) capture nothing. A status change moves one from
-- (run, old status) to (run, new status) for each run of its numbers, read once; a change of
-- numbers takes one from each old run and adds one to each new run.
CREATE OR REPLACE FUNCTION "digit_run_counts_change"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  "s" smallint := "name_word_counts_stripe"();
BEGIN
  IF (OLD."contact_number", OLD."alternative_contact_number", OLD."pan_number",
      OLD."aadhaar_last4", OLD."account_last4")
    IS NOT DISTINCT FROM (NEW."contact_number", NEW."alternative_contact_number",
      NEW."pan_number", NEW."aadhaar_last4", NEW."account_last4") THEN
    INSERT INTO "digit_run_counts" AS c ("digits", "status", "stripe", "count")
    SELECT g, d."status", "s", d."delta"
    FROM "registration_digit_grams_of"(NEW."contact_number", NEW."alternative_contact_number",
        NEW."pan_number", NEW."aadhaar_last4", NEW."account_last4") AS g,
      (VALUES (NEW."status", 1), (OLD."status", -1)) AS d ("status", "delta")
    ON CONFLICT ("digits", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "digit_run_counts" AS c ("digits", "status", "stripe", "count")
    SELECT "digits", "status", "s", sum("delta")::int
    FROM (
      SELECT g AS "digits", NEW."status" AS "status", 1 AS "delta"
      FROM "registration_digit_grams_of"(NEW."contact_number", NEW."alternative_contact_number",
        NEW."pan_number", NEW."aadhaar_last4", NEW."account_last4") AS g
      UNION ALL
      SELECT g, OLD."status", -1
      FROM "registration_digit_grams_of"(OLD."contact_number", OLD."alternative_contact_number",
        OLD."pan_number", OLD."aadhaar_last4", OLD."account_last4") AS g
    ) AS d
    GROUP BY 1, 2 HAVING sum("delta") <> 0
    ON CONFLICT ("digits", "status", "stripe") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_counts_insert" AFTER INSERT ON "registration_numbers"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "digit_run_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_counts_update" AFTER UPDATE ON "registration_numbers"
  FOR EACH ROW
  WHEN ((OLD."status", OLD."contact_number", OLD."alternative_contact_number", OLD."pan_number",
    OLD."aadhaar_last4", OLD."account_last4")
    IS DISTINCT FROM (NEW."status", NEW."contact_number", NEW."alternative_contact_number",
    NEW."pan_number", NEW."aadhaar_last4", NEW."account_last4"))
  EXECUTE FUNCTION "digit_run_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_counts_delete" AFTER DELETE ON "registration_numbers"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "digit_run_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_counts_truncate" AFTER TRUNCATE ON "registration_numbers"
  FOR EACH STATEMENT EXECUTE FUNCTION "digit_run_counts_apply"();
--> statement-breakpoint
-- ALWAYS, as the runs' own triggers (0025): the bench seeder loads with
-- session_replication_role = replica, and its rows must be counted too.
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_counts_insert";
--> statement-breakpoint
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_counts_update";
--> statement-breakpoint
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_counts_delete";
--> statement-breakpoint
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_counts_truncate";
--> statement-breakpoint
-- The runs already written, by their registration's status, under the triggers' locks until the
-- migration commits (as 0025: run it in a quiet hour).
INSERT INTO "digit_run_counts" ("digits", "status", "stripe", "count")
SELECT g, n."status", 0, count(*)::int
FROM "registration_numbers" n
  CROSS JOIN LATERAL "registration_digit_grams_of"(n."contact_number",
    n."alternative_contact_number", n."pan_number", n."aadhaar_last4", n."account_last4") AS g
GROUP BY 1, 2;
--> statement-breakpoint
ANALYZE "digit_run_counts";
