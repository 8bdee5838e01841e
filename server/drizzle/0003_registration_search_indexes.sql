-- Indexes drizzle-kit cannot express (operator classes, expressions), for the admin list at a
-- million applicants. The search is a case-insensitive substring match: LIKE '%term%' on
-- lower(full_name), the two phone numbers and pan_number (stored upper-case) uses these
-- trigram indexes through a BitmapOr instead of a sequential scan.
CREATE INDEX IF NOT EXISTS "profiles_full_name_trgm_idx" ON "profiles" USING gin (lower("full_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_contact_number_trgm_idx" ON "profiles" USING gin ("contact_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_alternative_contact_number_trgm_idx" ON "profiles" USING gin ("alternative_contact_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_pan_number_trgm_idx" ON "profiles" USING gin ("pan_number" gin_trgm_ops);
--> statement-breakpoint
-- The dashboard's "last five" are ordered by the time shown as submitted_at: the payment time,
-- or the creation time of a draft.
CREATE INDEX IF NOT EXISTS "registrations_activity_idx" ON "registrations" ((coalesce("submitted_at", "created_at")), "id");
