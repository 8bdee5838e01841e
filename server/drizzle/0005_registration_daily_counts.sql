CREATE TABLE "registration_daily_counts" (
	"day" date NOT NULL,
	"status" varchar(32) NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "registration_daily_counts_day_status_pk" PRIMARY KEY("day","status")
);
