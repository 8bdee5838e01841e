-- Issue 17: the admin list's index-only counts after a day of writes. A name search counts its
-- matches in registration_name_words (0019), a search of four digits in registration_digit_grams
-- (0025), by index-only scans. The name words carry each registration's status, so a status change
-- writes new rows there and leaves the old ones dead, and each page it touches loses its
-- all-visible bit: the count then visits the table for every match on such a page, until a vacuum
-- sets the bit again. New rows (a registration's words and runs) are on pages without the bit too.
-- PostgreSQL's autovacuum waits for 20% of a table to be dead or new (500,000 rows of the name
-- words at a million applicants, 2.8 million of the runs): a back office's weeks. At a million
-- applicants, after the bench's transitions and 5,000 more status changes (70,876 dead rows of
-- the name words, no vacuum yet), the count of "sharma" visited the table 7,368 times: 71.6 ms,
-- against 2-3 ms with the bits set. A vacuum now comes after a fixed number of dead or new rows:
-- about 1,000 status changes or new registrations for the name words (2 rows each), 700 new
-- registrations for the runs (14 rows each; a status change does not touch them). Each vacuum
-- reads only the pages that changed, and an index when enough is dead to be worth it.
ALTER TABLE "registration_name_words" SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 2000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 2000
);
--> statement-breakpoint
ALTER TABLE "registration_digit_grams" SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 5000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 10000
);
