CREATE TABLE "job_leases" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"holder" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
