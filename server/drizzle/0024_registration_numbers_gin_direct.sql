-- Issue 17: the admin list's number search after a day of status changes. registration_numbers
-- carries each registration's status, so a status change updates its row; most such updates are
-- HOT (no index entry), but one whose page is full writes new entries into every index, and a GIN
-- index with fastupdate (PostgreSQL's default) queues them in a pending list that every search
-- reads in full until a vacuum or the list's 4 MB limit flushes it. At a million applicants, 58,957
-- transitions of the bench (9,620 of them not HOT) left 260 pending pages in each of the three
-- trigram indexes: a PAN search's SQL went from 0.3 to 2.6 ms warm (9.6 ms cold), and autovacuum,
-- which waits for 20% of the table to be dead, would not have come for hundreds of thousands more.
-- Searches are what staff do all day and a registration's numbers change rarely: each entry now goes
-- into the index when it is written (a non-HOT update of the row 14-25 → 85-104 µs at a million,
-- 2,000 rows timed in psql), and the queue is emptied: that PAN search 5.7 → 0.36 ms.
ALTER INDEX "registration_numbers_contact_number_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "registration_numbers_alternative_contact_number_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "registration_numbers_pan_number_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
-- Turning fastupdate off leaves the entries already queued where they are.
SELECT gin_clean_pending_list('registration_numbers_contact_number_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('registration_numbers_alternative_contact_number_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('registration_numbers_pan_number_trgm_idx'::regclass);
