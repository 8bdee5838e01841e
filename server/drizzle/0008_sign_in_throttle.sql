CREATE TABLE "sign_in_failures" (
	"scope" varchar(16) NOT NULL,
	"key" varchar(256) NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "sign_in_known_addresses" (
	"portal" varchar(8) NOT NULL,
	"account" varchar(150) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_known_addresses_portal_account_ip_pk" PRIMARY KEY("portal","account","ip")
);
