-- Issue 17: the admin list's name search at a million applicants, with exact totals. A trigram
-- match on lower(full_name) must be rechecked on every matching profile row ("sharma": 20,782
-- heap visits and as many registration probes, 90-280 ms); here each name is split into its
-- words, and a term without a space matches a name exactly when it matches one of its words.
-- The few distinct words are matched first (name_words, trigram), then the page and the total
-- come from one index holding (word, created_at, registration_id, status): an index-only scan.
CREATE TABLE IF NOT EXISTS "name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "registration_name_words" (
	"word" text NOT NULL,
	"registration_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" varchar(32) NOT NULL,
	CONSTRAINT "registration_name_words_registration_id_word_pk" PRIMARY KEY("registration_id","word")
);
--> statement-breakpoint
ALTER TABLE "registration_name_words" DROP CONSTRAINT IF EXISTS "registration_name_words_registration_id_registrations_id_fk";--> statement-breakpoint
ALTER TABLE "registration_name_words" ADD CONSTRAINT "registration_name_words_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Newest first within a word, as the list orders (scanned backwards); status is carried for the
-- list's status filter, so neither the page nor the count visits the table.
CREATE INDEX IF NOT EXISTS "registration_name_words_search_idx" ON "registration_name_words" ("word", "created_at", "registration_id") INCLUDE ("status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "name_words_word_trgm_idx" ON "name_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words of a name: lower-case, split at single spaces (the LIKE of a term without a space
-- matches lower(full_name) exactly when it matches one of these), empty pieces dropped.
CREATE OR REPLACE FUNCTION "name_words_of"("full_name" text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM unnest(string_to_array(lower("full_name"), ' ')) AS w WHERE w <> '' $$;
--> statement-breakpoint
-- Statement-level with transition tables, like the daily counts (0006): a COPY of a million rows
-- costs one INSERT ... SELECT. A registration's rows are written when the registration is
-- inserted (saveProfile inserts its profile first, in the same transaction) or when its profile
-- is inserted after it (a bulk load in the other order), moved with its status and creation
-- time, and rewritten when the name or the profile changes.
CREATE OR REPLACE FUNCTION "registration_name_words_from_registrations"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "registration_name_words" ("word", "registration_id", "created_at", "status")
    SELECT w, n."id", n."created_at", n."status"
    FROM "new_rows" n JOIN "profiles" p ON p."id" = n."profile_id"
    CROSS JOIN LATERAL "name_words_of"(p."full_name") AS w
    ON CONFLICT DO NOTHING;
  ELSE
    UPDATE "registration_name_words" w SET "status" = n."status", "created_at" = n."created_at"
    FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE w."registration_id" = n."id" AND n."profile_id" = o."profile_id"
      AND (n."status" IS DISTINCT FROM o."status" OR n."created_at" IS DISTINCT FROM o."created_at");
    IF EXISTS (SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."profile_id" <> o."profile_id") THEN
      DELETE FROM "registration_name_words" w
      USING "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE w."registration_id" = n."id" AND n."profile_id" <> o."profile_id";
      INSERT INTO "registration_name_words" ("word", "registration_id", "created_at", "status")
      SELECT w, n."id", n."created_at", n."status"
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" AND n."profile_id" <> o."profile_id"
      JOIN "profiles" p ON p."id" = n."profile_id"
      CROSS JOIN LATERAL "name_words_of"(p."full_name") AS w
      ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "registration_name_words_from_profiles"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE lower(n."full_name") IS DISTINCT FROM lower(o."full_name")
    ) THEN
      RETURN NULL;
    END IF;
    DELETE FROM "registration_name_words" w
    USING "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    JOIN "registrations" r ON r."profile_id" = n."id"
    WHERE w."registration_id" = r."id" AND lower(n."full_name") IS DISTINCT FROM lower(o."full_name");
  END IF;
  INSERT INTO "registration_name_words" ("word", "registration_id", "created_at", "status")
  SELECT w, r."id", r."created_at", r."status"
  FROM "new_rows" n JOIN "registrations" r ON r."profile_id" = n."id"
  CROSS JOIN LATERAL "name_words_of"(n."full_name") AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The dictionary follows: a new word is added; a word whose last row went is removed. The removal
-- holds name_words in SHARE ROW EXCLUSIVE mode until its commit, so a transaction adding that word
-- for a new name either committed before (and its row is seen, the word stays) or waits and adds
-- it again after: no word with rows is ever missing from the dictionary.
CREATE OR REPLACE FUNCTION "name_words_follow"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "name_words" ("word")
    SELECT DISTINCT "word" FROM "new_words" ORDER BY 1
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    LOCK TABLE "name_words" IN SHARE ROW EXCLUSIVE MODE;
    DELETE FROM "name_words" d
    WHERE d."word" IN (SELECT "word" FROM "old_words")
      AND NOT EXISTS (SELECT 1 FROM "registration_name_words" x WHERE x."word" = d."word");
  ELSE
    DELETE FROM "name_words";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "registrations_name_words_insert" AFTER INSERT ON "registrations"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_name_words_from_registrations"();
--> statement-breakpoint
CREATE TRIGGER "registrations_name_words_update" AFTER UPDATE ON "registrations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_name_words_from_registrations"();
--> statement-breakpoint
CREATE TRIGGER "profiles_name_words_insert" AFTER INSERT ON "profiles"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_name_words_from_profiles"();
--> statement-breakpoint
CREATE TRIGGER "profiles_name_words_update" AFTER UPDATE ON "profiles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "registration_name_words_from_profiles"();
--> statement-breakpoint
CREATE TRIGGER "registration_name_words_insert" AFTER INSERT ON "registration_name_words"
  REFERENCING NEW TABLE AS "new_words"
  FOR EACH STATEMENT EXECUTE FUNCTION "name_words_follow"();
--> statement-breakpoint
CREATE TRIGGER "registration_name_words_delete" AFTER DELETE ON "registration_name_words"
  REFERENCING OLD TABLE AS "old_words"
  FOR EACH STATEMENT EXECUTE FUNCTION "name_words_follow"();
--> statement-breakpoint
CREATE TRIGGER "registration_name_words_truncate" AFTER TRUNCATE ON "registration_name_words"
  FOR EACH STATEMENT EXECUTE FUNCTION "name_words_follow"();
--> statement-breakpoint
-- ALWAYS, as for the daily counts: the bench seeder's COPY runs with session_replication_role =
-- replica, and the index must hold those rows too. Rows go with their registration by the foreign
-- key's cascade (a truncate of registrations needs CASCADE, and empties the dictionary too).
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_name_words_insert";
--> statement-breakpoint
ALTER TABLE "registrations" ENABLE ALWAYS TRIGGER "registrations_name_words_update";
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ALWAYS TRIGGER "profiles_name_words_insert";
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ALWAYS TRIGGER "profiles_name_words_update";
--> statement-breakpoint
ALTER TABLE "registration_name_words" ENABLE ALWAYS TRIGGER "registration_name_words_insert";
--> statement-breakpoint
ALTER TABLE "registration_name_words" ENABLE ALWAYS TRIGGER "registration_name_words_delete";
--> statement-breakpoint
ALTER TABLE "registration_name_words" ENABLE ALWAYS TRIGGER "registration_name_words_truncate";
--> statement-breakpoint
-- Existing rows. The triggers' SHARE ROW EXCLUSIVE locks on registrations and profiles are held
-- until the migration commits, so no write lands between this copy and the triggers.
INSERT INTO "registration_name_words" ("word", "registration_id", "created_at", "status")
SELECT w, r."id", r."created_at", r."status"
FROM "registrations" r JOIN "profiles" p ON p."id" = r."profile_id"
CROSS JOIN LATERAL "name_words_of"(p."full_name") AS w
ON CONFLICT DO NOTHING;
