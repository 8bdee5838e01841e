ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "preferred_language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_preferred_language";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_language" CHECK ("users"."preferred_language" IN ('en', 'hi'));
