CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"full_name" varchar(150) NOT NULL,
	"contact_number" varchar(10) NOT NULL,
	"alternative_contact_number" varchar(10),
	"aadhaar_encrypted" text NOT NULL,
	"aadhaar_last4" varchar(4) NOT NULL,
	"pan_number" varchar(10) NOT NULL,
	"bank_name" varchar(150) NOT NULL,
	"account_encrypted" text NOT NULL,
	"account_last4" varchar(4) NOT NULL,
	"ifsc_code" varchar(11) NOT NULL,
	"full_address" text NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(100) NOT NULL,
	"pin_code" varchar(6) NOT NULL,
	"loan_type" varchar(50) NOT NULL,
	"loan_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(32) DEFAULT 'draft' NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_unique" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_profile_id_unique" ON "registrations" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_user_id_unique" ON "registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "registrations_created_at_id_idx" ON "registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "registrations_submitted_at_idx" ON "registrations" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("status");