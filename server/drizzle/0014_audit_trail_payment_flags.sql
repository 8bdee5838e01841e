CREATE TABLE "audit_daily_counts" (
	"day" date NOT NULL,
	"action" varchar(64) NOT NULL,
	"actor_key" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "audit_daily_counts_day_action_actor_key_pk" PRIMARY KEY("day","action","actor_key")
);
--> statement-breakpoint
CREATE TABLE "payment_flag_resolutions" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"resolution" varchar(16) NOT NULL,
	"note" text NOT NULL,
	"resolved_by" integer NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_id" varchar(40),
	"cf_refund_id" varchar(64),
	"refund_status" varchar(24),
	"refund_amount" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_refunds" (
	"cf_refund_id" varchar(64) PRIMARY KEY NOT NULL,
	"refund_id" varchar(40) NOT NULL,
	"order_id" varchar(45) NOT NULL,
	"cf_payment_id" varchar(64) NOT NULL,
	"refund_amount" numeric(12, 2) NOT NULL,
	"refund_currency" varchar(3) NOT NULL,
	"refund_note" text NOT NULL,
	"refund_status" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "payments_one_accepted_per_registration";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ifsc_verified" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "consent_notice_version" varchar(32);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "consent_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "consent_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "dev_sms_outbox" ADD COLUMN "idempotency_key" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_flag_resolutions" ADD CONSTRAINT "payment_flag_resolutions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flag_resolutions" ADD CONSTRAINT "payment_flag_resolutions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_simulator_refunds" ADD CONSTRAINT "payment_simulator_refunds_order_id_payment_simulator_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_simulator_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_simulator_refunds_order_refund" ON "payment_simulator_refunds" USING btree ("order_id","refund_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_created_idx" ON "audit_log" USING btree ("subject","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dev_sms_outbox_idempotency_key_idx" ON "dev_sms_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_accepted_per_registration" ON "payments" USING btree ("registration_id") WHERE "payments"."status" = 'SUCCESS' AND ("payments"."flag" IS NULL OR "payments"."flag" = 'late_success');--> statement-breakpoint
-- The audit log is append-only (issue 15): no code path updates or deletes an entry, and the
-- database refuses it too, whoever asks. ENABLE ALWAYS: session_replication_role = replica (used
-- by bulk loads) does not switch it off. TRUNCATE stays possible for the owner of the database
-- (the bench re-seeds with it); the application never truncates.
CREATE OR REPLACE FUNCTION "audit_log_refuse_change"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_append_only";
--> statement-breakpoint
-- audit_daily_counts follows every insert (one grouped upsert per statement, so a COPY of a
-- million rows costs one) and a truncate. The day is the Kolkata day of the back office's date
-- filters (registration_kolkata_day of migration 0006).
CREATE OR REPLACE FUNCTION "audit_daily_counts_apply"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "audit_daily_counts";
  ELSE
    INSERT INTO "audit_daily_counts" AS c ("day", "action", "actor_key", "count")
    SELECT "registration_kolkata_day"("created_at"), "action", coalesce("actor_user_id", 0), count(*)
    FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "action", "actor_key") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_daily_counts_insert" AFTER INSERT ON "audit_log"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_daily_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_daily_counts_truncate" AFTER TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_daily_counts_apply"();
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_daily_counts_insert";
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_daily_counts_truncate";
--> statement-breakpoint
INSERT INTO "audit_daily_counts" ("day", "action", "actor_key", "count")
SELECT "registration_kolkata_day"("created_at"), "action", coalesce("actor_user_id", 0), count(*)
FROM "audit_log" GROUP BY 1, 2, 3;
