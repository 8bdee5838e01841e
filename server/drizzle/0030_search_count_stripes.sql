-- Issue 17: the search counts' stripes (0027, 0029) only grew. Each transaction counts into the
-- stripe it holds (1-32), so a row exists per key, status and stripe that ever wrote it:
-- digit_run_counts went from 2.7 MB after the bench's seed to 31 MB after its three runs, bound to
-- about 2.6 M rows, and a count read sums up to 33 rows on as many pages. The job leader now folds
-- each stripe back into stripe 0 every ten minutes (search-count-stripes.ts); these indexes let it
-- find one stripe's rows without a walk through the table. A count's update leaves `stripe` alone
-- and stays a HOT update; after a fold, a key's first write to a stripe is an insert again, with
-- an entry here besides the primary key's. Built in the migration's transaction (not
-- CONCURRENTLY): writes of names and numbers wait for the build, a fraction of a second at the
-- bench's sizes (bench/README.md F26).
CREATE INDEX "digit_run_counts_stripes_idx" ON "digit_run_counts" USING btree ("stripe") WHERE "digit_run_counts"."stripe" <> 0;
--> statement-breakpoint
CREATE INDEX "name_word_counts_stripes_idx" ON "name_word_counts" USING btree ("stripe") WHERE "name_word_counts"."stripe" <> 0;