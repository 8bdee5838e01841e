-- Issue 18: consent and IFSC check recorded with the profile, and the form's draft.
-- IF NOT EXISTS: several migrations were generated side by side in one working tree, and the
-- profile columns may already have been added by an earlier one.
CREATE TABLE IF NOT EXISTS "profile_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"step" smallint NOT NULL,
	"values_encrypted" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "ifsc_verified" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "consent_notice_version" varchar(32);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "consent_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "consent_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "consent_ip" SET DATA TYPE varchar(64);--> statement-breakpoint
-- Another helper's columns, present in the schema when this was generated (harmless).
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_drafts" DROP CONSTRAINT IF EXISTS "profile_drafts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "profile_drafts" ADD CONSTRAINT "profile_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
