import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

/**
 * The writers' stripes of the search counts: `name_word_counts_stripe()` (migration 0027) hands
 * each writing transaction one of 1-32 under the transaction-level advisory lock
 * (hashtext('name_word_counts'), stripe), and `digit_run_counts` (0029) uses the same stripe.
 */
const WRITER_STRIPES = 32;

/**
 * Folds the search counts' stripes back into stripe 0, one stripe a transaction: what a stripe
 * holds of `name_word_counts` and `digit_run_counts` is deleted and added to stripe 0. Right after
 * a fold a word's or a run's count by status is one row to read (up to 33 before), and between
 * folds the tables hold what ten minutes of writers added, where they grew with every stripe that
 * ever wrote a key (31 MB after the bench's three runs, bench/README.md F26). The deleted rows
 * are left to autovacuum.
 *
 * A stripe is folded only when its advisory lock is free, as a writer takes one
 * (`pg_try_advisory_xact_lock`): a stripe a writer holds is left for the next pass, so the fold
 * never waits for a writer (nor a stopping leader for the fold), and while it holds a stripe new
 * writers take another. Writers never write stripe 0, so the fold and a writer never want the same
 * row. Two folds at once (a leader's handover) take different stripes and write stripe 0 in the
 * same (key, status) order. Only TRUNCATE of the words or the numbers empties the counts without
 * a stripe: the fold holds ACCESS SHARE on both tables, so a truncate waits for its transaction
 * and then deletes what it wrote. The sums do not change in any committed state, so a search's
 * total never moves.
 *
 * Returns the stripe rows folded and the stripes left for the next pass.
 */
export async function foldSearchCountStripes(
  db: Database,
): Promise<{ folded: number; busy: number[] }> {
  let folded = 0;
  const busy: number[] = [];
  for (let stripe = 1; stripe <= WRITER_STRIPES; stripe++) {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(
        sql`lock table registration_name_words, registration_numbers in access share mode`,
      );
      const [lock] = rowsOf<{ taken: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext('name_word_counts'), ${stripe}::int) as taken`,
        ),
      );
      if (!lock?.taken) return null;
      const [row] = rowsOf<{ words: number; runs: number }>(
        await tx.execute(sql`
          with gone_words as (
            delete from name_word_counts where stripe = ${stripe}::smallint and stripe <> 0
            returning word, status, count
          ), words as (
            insert into name_word_counts as c (word, status, stripe, count)
            select word, status, 0, sum(count) from gone_words group by 1, 2 order by 1, 2
            on conflict (word, status, stripe) do update set count = c.count + excluded.count
          ), gone_runs as (
            delete from digit_run_counts where stripe = ${stripe}::smallint and stripe <> 0
            returning digits, status, count
          ), runs as (
            insert into digit_run_counts as c (digits, status, stripe, count)
            select digits, status, 0, sum(count) from gone_runs group by 1, 2 order by 1, 2
            on conflict (digits, status, stripe) do update set count = c.count + excluded.count
          )
          select (select count(*) from gone_words)::int as words,
            (select count(*) from gone_runs)::int as runs
        `),
      );
      return Number(row?.words ?? 0) + Number(row?.runs ?? 0);
    });
    if (rows === null) busy.push(stripe);
    else folded += rows;
  }
  return { folded, busy };
}
