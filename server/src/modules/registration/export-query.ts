import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/encryption';
import { maskedAadhaar, maskedAccount } from '../identity-masking';
import { filterConditions } from './admin-list';
import { submittedAt } from './dates';
import type { ExportRow, ListFilters } from './service';
import { profiles, registrations } from './tables';

/** The rows of the .xlsx export, in batches; identity numbers masked unless asked otherwise. */
export function createExportQuery(deps: { db: Database; cipher: FieldCipher }) {
  const { db, cipher } = deps;

  async function* exportBatches(
    filters: ListFilters,
    batchSize: number,
    options: { fullNumbers?: boolean } = {},
  ): AsyncGenerator<ExportRow[]> {
    const where = filterConditions(filters);
    // Keyset pagination on the (created_at, id) index: every batch costs the same, however
    // deep. The cursor keeps created_at as text so microseconds survive the round trip.
    // Each batch is a short index walk that PostgreSQL would still hand to parallel workers,
    // whose start-up costs more than the walk (16 ms with two workers, 5 ms without, for 2,000
    // rows at a million) and takes the cores the export's own process needs.
    const batchAfter = (cursor?: { createdAt: string; id: number }) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        // Only the sheet's columns: a million rows of unused ones cost time and memory.
        return tx
          .select({
            applicationId: registrations.id,
            fullName: profiles.fullName,
            contactNumber: profiles.contactNumber,
            alternativeContactNumber: profiles.alternativeContactNumber,
            loanType: profiles.loanType,
            loanAmount: profiles.loanAmount,
            aadhaarEncrypted: profiles.aadhaarEncrypted,
            aadhaarLast4: profiles.aadhaarLast4,
            panNumber: profiles.panNumber,
            bankName: profiles.bankName,
            accountEncrypted: profiles.accountEncrypted,
            accountLast4: profiles.accountLast4,
            ifscCode: profiles.ifscCode,
            fullAddress: profiles.fullAddress,
            city: profiles.city,
            pinCode: profiles.pinCode,
            state: profiles.state,
            status: registrations.status,
            delivered: registrations.delivered,
            submittedAt: registrations.submittedAt,
            createdAt: registrations.createdAt,
            cursorAt: sql<string>`${registrations.createdAt}::text`,
          })
          .from(registrations)
          .innerJoin(profiles, eq(profiles.id, registrations.profileId))
          .where(
            and(
              where,
              cursor
                ? sql`(${registrations.createdAt}, ${registrations.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
                : undefined,
            ),
          )
          .orderBy(desc(registrations.createdAt), desc(registrations.id))
          .limit(batchSize);
      });

    let next: ReturnType<typeof batchAfter> | undefined = batchAfter();
    try {
      while (next) {
        const rows: Awaited<ReturnType<typeof batchAfter>> = await next;
        const last = rows.at(-1);
        // Ask for the following batch now: the database reads it while this one is written.
        next =
          last && rows.length === batchSize
            ? batchAfter({ createdAt: last.cursorAt, id: last.applicationId })
            : undefined;
        // Handled when awaited; this keeps a failure of a batch nobody waits for any more (the
        // download was closed) from counting as an unhandled rejection.
        next?.catch(() => undefined);
        if (rows.length === 0) return;
        yield rows.map((row) => ({
          applicationId: row.applicationId,
          fullName: row.fullName,
          contactNumber: row.contactNumber,
          alternativeContactNumber: row.alternativeContactNumber ?? '',
          loanType: row.loanType,
          loanAmount: row.loanAmount,
          aadhaarNumber: options.fullNumbers
            ? cipher.decrypt(row.aadhaarEncrypted)
            : maskedAadhaar(row.aadhaarLast4),
          panNumber: row.panNumber,
          bankName: row.bankName,
          accountNumber: options.fullNumbers
            ? cipher.decrypt(row.accountEncrypted)
            : maskedAccount(row.accountLast4),
          ifscCode: row.ifscCode,
          fullAddress: row.fullAddress,
          city: row.city,
          pinCode: row.pinCode,
          state: row.state,
          status: row.status,
          delivered: row.delivered,
          submittedAt: submittedAt(row),
        }));
      }
    } finally {
      await next?.catch(() => undefined);
    }
  }

  return { exportBatches };
}
