CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_key" varchar(64) NOT NULL,
	"type" varchar(64) NOT NULL,
	"order_id" varchar(45) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" varchar(45) NOT NULL,
	"registration_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(24) DEFAULT 'ACTIVE' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"cf_order_id" varchar(64),
	"payment_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cf_payment_id" varchar(64) NOT NULL,
	"order_id" varchar(45) NOT NULL,
	"registration_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(24) NOT NULL,
	"payment_group" varchar(32),
	"payment_time" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"flag" varchar(32),
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_cf_payment_id_unique" UNIQUE("cf_payment_id")
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_orders" (
	"order_id" varchar(45) PRIMARY KEY NOT NULL,
	"cf_order_id" varchar(64) NOT NULL,
	"payment_session_id" text NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"order_amount" numeric(12, 2) NOT NULL,
	"order_currency" varchar(3) NOT NULL,
	"order_status" varchar(24) DEFAULT 'ACTIVE' NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_simulator_orders_cf_order_id_unique" UNIQUE("cf_order_id"),
	CONSTRAINT "payment_simulator_orders_payment_session_id_unique" UNIQUE("payment_session_id"),
	CONSTRAINT "payment_simulator_orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_payments" (
	"cf_payment_id" varchar(64) PRIMARY KEY NOT NULL,
	"order_id" varchar(45) NOT NULL,
	"payment_status" varchar(24) NOT NULL,
	"payment_amount" numeric(12, 2) NOT NULL,
	"payment_currency" varchar(3) NOT NULL,
	"payment_message" text NOT NULL,
	"payment_group" varchar(32) NOT NULL,
	"payment_time" timestamp with time zone NOT NULL,
	"payment_completion_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_payment_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_simulator_payments" ADD CONSTRAINT "payment_simulator_payments_order_id_payment_simulator_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_simulator_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key_type_unique" ON "payment_events" USING btree ("event_key","type");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_active_per_registration" ON "payment_orders" USING btree ("registration_id") WHERE "payment_orders"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "payment_orders_status_created_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_accepted_per_registration" ON "payments" USING btree ("registration_id") WHERE "payments"."status" = 'SUCCESS' AND "payments"."flag" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_flag_idx" ON "payments" USING btree ("flag") WHERE "payments"."flag" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_simulator_payments_order_idx" ON "payment_simulator_payments" USING btree ("order_id");