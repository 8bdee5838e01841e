-- Issue 17: the admin list's search by a number at a million applicants. The number part of a
-- search found profiles through their trigram indexes, then probed each one's registration for
-- its creation time and status: four digits ("8034") matched 1,641 profiles, and those probes were
-- half of its 12-17 ms. This narrow copy of what a search matches besides the name, beside the
-- registration's time and status, gives the page and the exact total from one bitmap scan.
CREATE TABLE IF NOT EXISTS "registration_numbers" (
	"registration_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" varchar(32) NOT NULL,
	"contact_number" varchar(10) NOT NULL,
	"alternative_contact_number" varchar(10),
	"pan_number" varchar(10) NOT NULL,
	"aadhaar_last4" varchar(4) NOT NULL,
	"account_last4" varchar(4) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_numbers" DROP CONSTRAINT IF EXISTS "registration_numbers_registration_id_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "registration_numbers" ADD CONSTRAINT "registration_numbers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Statement-level with transition tables, as the name words (0019): a registration's row is written
-- when it is inserted (its profile was inserted first, in the same transaction) or when its profile
-- is inserted after it (a bulk load in the other order), follows its status and creation time, and
-- is rewritten when it is moved to another profile or its profile's numbers change. It goes with its
-- registration by the foreign key's cascade.
CREATE OR REPLACE FUNCTION "registration_numbers_from_registrations"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "registration_numbers" ("registration_id", "created_at", "status", "contact_number",
      "alternative_contact_number", "pan_number", "aadhaar_last4", "account_last4")
    SELECT n."id", n."created_at", n."status", p."contact_number", p."alternative_contact_number",
      p."pan_number", p."aadhaar_last4", p."account_last4"
    FROM "new_rows" n JOIN "profiles" p ON p."id" = n."profile_id"
    ON CONFLICT DO NOTHING;
  ELSE
    UPDATE "registration_numbers" x SET "created_at" = n."created_at", "status" = n."status",
      "contact_number" = p."contact_number", "alternative_contact_number" = p."alternative_contact_number",
      "pan_number" = p."pan_number", "aadhaar_last4" = p."aadhaar_last4", "account_last4" = p."account_last4"
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "profiles" p ON p."id" = n."profile_id"
    WHERE x."registration_id" = n."id"
      AND (n."status" IS DISTINCT FROM o."status" OR n."created_at" IS DISTINCT FROM o."created_at"
        OR n."profile_id" <> o."profile_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "registration_numbers_from_profiles"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "registration_numbers" ("registration_id", "created_at", "status", "contact_number",
      "alternative_contact_number", "pan_number", "aadhaar_last4", "account_last4")
    SELECT r."id", r."created_at", r."status", n."contact_number", n."alternative_contact_number",
      n."pan_number", n."aadhaar_last4", n."account_last4"
    FROM "new_rows" n JOIN "registrations" r ON r."profile_id" = n."id"
    ON CONFLICT DO NOTHING;
  ELSE
    UPDATE "registration_numbers" x SET "contact_number" = n."contact_number",
      "alternative_contact_number" = n."alternative_contact_number", "pan_number" = n."pan_number",
      "aadhaar_last4" = n."aadhaar_last4", "account_last4" = n."account_last4"
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" JOIN "registrations" r ON r."profile_id" = n."id"
    WHERE x."registration_id" = r."id"
      AND (n."contact_number" IS DISTINCT FROM o."contact_number"
        OR n."alternative_contact_number" IS DISTINCT FROM o."alternative_contact_number"
        OR n."pan_number" IS DISTINCT FROM o."pan_number"
        OR n."aadhaar_last4" IS DISTINCT FROM o."aadhaar_last4"
        OR n."account_last4" IS DISTINCT FROM o."account_last4");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "registrations_numbers_insert" AFTER INSERT ON "registrations"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_numbers_from_registrations"();
--> statement-breakpoint
CREATE TRIGGER "registrations_numbers_update" AFTER UPDATE ON "registrations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_numbers_from_registrations"();
--> statement-breakpoint
CREATE TRIGGER "profiles_numbers_insert" AFTER INSERT ON "profiles"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_numbers_from_profiles"();
--> statement-breakpoint
CREATE TRIGGER "profiles_numbers_update" AFTER UPDATE ON "profiles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_numbers_from_profiles"();
--> statement-breakpoint
-- ALWAYS, as the name words and the daily counts: the bench seeder's COPY runs with
-- session_replication_role = replica, and the search must find those rows too.
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_numbers_insert";
--> statement-breakpoint
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_numbers_update";
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ALWAYS TRIGGER "profiles_numbers_insert";
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ALWAYS TRIGGER "profiles_numbers_update";
--> statement-breakpoint
-- Existing rows. The triggers' SHARE ROW EXCLUSIVE locks on registrations and profiles are held
-- until the migration commits, so no write lands between this copy and the triggers.
INSERT INTO "registration_numbers" ("registration_id", "created_at", "status", "contact_number",
  "alternative_contact_number", "pan_number", "aadhaar_last4", "account_last4")
SELECT r."id", r."created_at", r."status", p."contact_number", p."alternative_contact_number",
  p."pan_number", p."aadhaar_last4", p."account_last4"
FROM "registrations" r JOIN "profiles" p ON p."id" = r."profile_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The indexes after the rows: built in one pass (a GIN index filled row by row keeps its entries in
-- a pending list that every search reads until a vacuum merges it: 3-5 ms a scan at a million).
-- The same operator classes as the profiles' own search indexes (0003): contains-matches of the
-- two numbers and the PAN, equality of the last four digits.
CREATE INDEX IF NOT EXISTS "registration_numbers_contact_number_trgm_idx" ON "registration_numbers" USING gin ("contact_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registration_numbers_alternative_contact_number_trgm_idx" ON "registration_numbers" USING gin ("alternative_contact_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registration_numbers_pan_number_trgm_idx" ON "registration_numbers" USING gin ("pan_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registration_numbers_aadhaar_last4_idx" ON "registration_numbers" ("aadhaar_last4");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registration_numbers_account_last4_idx" ON "registration_numbers" ("account_last4");
--> statement-breakpoint
-- Statistics now, so the first searches are planned with them (ANALYZE may run in the migration's
-- transaction; VACUUM may not).
ANALYZE "registration_numbers";
