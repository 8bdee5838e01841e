-- Issue 17: the admin list's search of exactly four digits ("8034": the end of an Aadhaar, an
-- account or a phone number, what staff read out most) at a million applicants. It matched 1,641
-- rows of registration_numbers through three trigram indexes and two equality indexes; a trigram
-- match of '%8034%' is lossy, so each of the 1,641 cost a heap visit (1,560 pages) for the recheck
-- and the row's time: 4.3 ms of SQL, the slowest of the list's searches, and p95 70-78 ms at 10
-- connections on a slower machine (target 50). Here every run of four digits of those numbers is a
-- row beside the registration's creation time, and the search reads its page (the top of an index
-- range, newest first) and its exact total (an index-only count) from one btree index: 0.3 ms.
-- The status is not here: with it, each status change rewrote its registration's 14 rows and their
-- index entries, and the bench's transitions lost 40% of their rate (398 -> 237-254 req/s); a
-- status filter reads the status of the matches in the date range from registration_numbers.
-- The price is space: about 14 rows a registration, about 1.4 GB at a million (bench/README.md
-- F19). Deploying it: from the triggers' creation to the commit, every write to
-- registration_numbers (a sign-up's profile, a payment, a status change) waits; at a million
-- applicants the fill took 18 s and the index 9 s on the bench machine. Run it in a quiet hour.
CREATE TABLE IF NOT EXISTS "registration_digit_grams" (
	"digits" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"registration_id" integer NOT NULL
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
-- New rows (a registration, or a bulk load of a million): statement-level, one INSERT for all.
CREATE OR REPLACE FUNCTION "registration_digit_grams_insert"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "registration_digit_grams" ("digits", "created_at", "registration_id")
  SELECT g, n."created_at", n."registration_id"
  FROM "new_rows" n
    CROSS JOIN LATERAL "registration_digit_grams_of"(n."contact_number",
      n."alternative_contact_number", n."pan_number", n."aadhaar_last4", n."account_last4") AS g
  -- Never met while the table is in step (the runs are distinct); should it ever drift, a
  -- client's sign-up or payment still goes through.
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A row whose numbers or creation time changed (its trigger's WHEN: a status change does not call
-- it), or a row gone (a registration deleted, by the foreign key's cascade): its runs go, and a
-- changed row's new runs come.
CREATE OR REPLACE FUNCTION "registration_digit_grams_change"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "registration_digit_grams"
  WHERE "digits" IN (SELECT "registration_digit_grams_of"(OLD."contact_number",
      OLD."alternative_contact_number", OLD."pan_number", OLD."aadhaar_last4", OLD."account_last4"))
    AND "created_at" = OLD."created_at" AND "registration_id" = OLD."registration_id";
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "registration_digit_grams" ("digits", "created_at", "registration_id")
    SELECT g, NEW."created_at", NEW."registration_id"
    FROM "registration_digit_grams_of"(NEW."contact_number", NEW."alternative_contact_number",
      NEW."pan_number", NEW."aadhaar_last4", NEW."account_last4") AS g
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
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_digit_grams_insert"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_grams_update" AFTER UPDATE ON "registration_numbers"
  FOR EACH ROW
  WHEN ((OLD."created_at", OLD."contact_number", OLD."alternative_contact_number",
    OLD."pan_number", OLD."aadhaar_last4", OLD."account_last4")
    IS DISTINCT FROM (NEW."created_at", NEW."contact_number", NEW."alternative_contact_number",
    NEW."pan_number", NEW."aadhaar_last4", NEW."account_last4"))
  EXECUTE FUNCTION "registration_digit_grams_change"();
--> statement-breakpoint
CREATE TRIGGER "registration_numbers_digit_grams_delete" AFTER DELETE ON "registration_numbers"
  FOR EACH ROW EXECUTE FUNCTION "registration_digit_grams_change"();
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
INSERT INTO "registration_digit_grams" ("digits", "created_at", "registration_id")
SELECT g, n."created_at", n."registration_id"
FROM "registration_numbers" n
  CROSS JOIN LATERAL "registration_digit_grams_of"(n."contact_number",
    n."alternative_contact_number", n."pan_number", n."aadhaar_last4", n."account_last4") AS g;
--> statement-breakpoint
-- After the rows: one pass (9 s at a million). Unique, so the triggers' ON CONFLICT has a target
-- and a run is never counted twice; not a constraint, so the bench seeder may drop and rebuild it
-- around its COPY as it does the other search indexes.
CREATE UNIQUE INDEX IF NOT EXISTS "registration_digit_grams_search_idx" ON "registration_digit_grams" ("digits", "created_at", "registration_id");
--> statement-breakpoint
-- Its statistics now, not when autovacuum comes: without them the planner took each run for 70,944
-- rows of 14 million (1,641 at most), costed a search past jit_above_cost, and spent 5-7 ms
-- compiling it. (VACUUM, which lets the count skip the rows, cannot run in the migration's
-- transaction; autovacuum's insert threshold (0026) brings it within minutes.)
ANALYZE "registration_digit_grams";
