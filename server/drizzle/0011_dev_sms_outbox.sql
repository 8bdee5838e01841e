CREATE TABLE "dev_sms_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dev_sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" varchar(10) NOT NULL,
	"body" text NOT NULL,
	"code" varchar(12) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_sms_outbox_to_idx" ON "dev_sms_outbox" USING btree ("to","id");