-- Orders opened before expiry existed get the default of 30 minutes after their creation: an
-- abandoned one among them is then closed by the next reconciliation.
ALTER TABLE "payment_orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_orders" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_simulator_orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_simulator_orders" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "expires_at" IS NULL;
