ALTER TABLE "users" DROP CONSTRAINT "users_has_login";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_has_login" CHECK ("users"."phone_number" IS NOT NULL OR "users"."username" IS NOT NULL OR "users"."erased_at" IS NOT NULL);