-- Issue 17: the admin list's search of exactly four digits ("8034": the end of an Aadhaar, an
-- account or a phone number, what staff read out most) at a million applicants. It matched 1,641
-- rows of registration_numbers through three trigram indexes and two equality indexes; a trigram
-- match of '%8034%' is lossy, so each of the 1,641 cost a heap visit (1,560 pages) for the recheck
-- and the row's time: 4.3 ms of SQL, the slowest of the list's searches, and p95 70-78 ms at 10
-- connections on a slower machine (target 50). Here every run of four digits of those numbers is a
-- row beside the registration's time and status, and the search reads its page (the top of an
-- index range, newest first) and its exact total (an index-only count) from one btree index:
-- 0.3 ms. The price is space: about 14 rows a registration, 829 MB of rows and 684 MB of index at
-- a million (bench/README.md F19), and each status change rewrites its registration's 14 rows.
-- Deploying it: from the triggers' creation to the commit, every write to registration_numbers
-- (a sign-up's profile, a payment, a status change) waits; at a million applicants the fill took
-- 18 s and the index 9 s on the bench machine. Run it in a quiet hour.
CREATE TABLE IF NOT EXISTS "registration_digit_grams" (
	"digits" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"registration_id" integer NOT NULL,
	"status" varchar(32) NOT NULL
);
--> statement-breakpoint
-- The runs of four digits a search of four digits finds a registration by, exactly as the search
-- over registration_numbers did: contact numbers and PAN contain them ('%8034%'), the last four
-- digits of the Aadhaar and account numbers are them. Distinct: a number such as 9999999999
-- holds one run seven times.
CREATE OR REPLACE FUNCTION "registration_digit_grams_of"(
  "contact_number" varchar, "alternative_contact_number" varchar, "pan_number" varchar,
  "aadhaar_last4" varchar, "account_last4" varchar
) RETURNS SETOF smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT run::smallint FROM (
    SELECT substr(v, i, 4) AS run
    FROM unnest(ARRAY["contact_number", "alternative_contact_number", "pan_number"]) AS v,
      generate_series(1, length(v) - 3) AS i
    UNION ALL SELECT "aadhaar_last4"
    UNION ALL SELECT "account_last4"
  ) AS runs
  WHERE run ~ '^[0-9]{4}$'
$$;
--> statement-breakpoint
-- Statement-level with transition tables, as registration_numbers' own (0023): a row's runs are
-- written with it, rewritten when it changes (its numbers, or its registration's time or status:
-- the triggers of 0023 update it only then) and go with it, also when registrations are deleted
-- (the foreign key's cascade deletes the row) or truncated.
CREATE OR REPLACE FUNCTION "registration_digit_grams_from_numbers"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "registration_digit_grams" d
    USING "old_rows" o
      CROSS JOIN LATERAL "registration_digit_grams_of"(o."contact_number",
        o."alternative_contact_number", o."pan_number", o."aadhaar_last4", o."account_last4") AS g
    WHERE d."digits" = g AND d."created_at" = o."created_at"
      AND d."registration_id" = o."registration_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "registration_digit_grams" ("digits", "created_at", "registration_id", "status")
    SELECT g, n."created_at", n."registration_id", n."status"
    FROM "new_rows" n
      CROSS JOIN LATERAL "registration_digit_grams_of"(n."contact_number",
        n."alternative_contact_number", n."pan_number", n."aadhaar_last4", n."account_last4") AS g
    -- Never met while the table is in step (the rows were deleted just above, the runs are
    -- distinct); should it ever drift, a client's payment or a status change still goes through.
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "registration_digit_grams_truncate"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "registration_digit_grams";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_grams_insert" AFTER INSERT ON "registration_numbers"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_digit_grams_from_numbers"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_grams_update" AFTER UPDATE ON "registration_numbers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_digit_grams_from_numbers"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_grams_delete" AFTER DELETE ON "registration_numbers"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_digit_grams_from_numbers"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_grams_truncate" AFTER TRUNCATE ON "registration_numbers"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_digit_grams_truncate"();
--> statement-breakpoint
-- ALWAYS, as 0023's: the bench seeder's COPY runs with session_replication_role = replica.
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_grams_insert";
--> statement-breakpoint
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_grams_update";
--> statement-breakpoint
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_grams_delete";
--> statement-breakpoint
ALTER TABLE "registration_numbers" ENABLE ALWAYS TRIGGER "registration_numbers_digit_grams_truncate";
--> statement-breakpoint
-- Existing rows, under the triggers' locks until the migration commits (as 0023).
INSERT INTO "registration_digit_grams" ("digits", "created_at", "registration_id", "status")
SELECT g, n."created_at", n."registration_id", n."status"
FROM "registration_numbers" n
  CROSS JOIN LATERAL "registration_digit_grams_of"(n."contact_number",
    n."alternative_contact_number", n."pan_number", n."aadhaar_last4", n."account_last4") AS g;
--> statement-breakpoint
-- After the rows: one pass (9 s at a million). Unique, so the triggers' ON CONFLICT has a target
-- and a run is never counted twice; not a constraint, so the bench seeder may drop and rebuild it
-- around its COPY as it does the other search indexes.
CREATE UNIQUE INDEX IF NOT EXISTS "registration_digit_grams_search_idx" ON "registration_digit_grams" ("digits", "created_at", "registration_id") INCLUDE ("status");
--> statement-breakpoint
-- Its statistics now, not when autovacuum comes: without them the planner took each run for 70,944
-- rows of 14 million (1,641 at most), costed a search past jit_above_cost, and spent 5-7 ms
-- compiling it. (VACUUM, which lets the count skip the rows, cannot run in the migration's
-- transaction; autovacuum's insert threshold brings it within minutes.)
ANALYZE "registration_digit_grams";
