import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher, decodeKey } from '../../lib/encryption';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession } from '../../test/sessions';
import { foldDailyCountStripes, recountDailyCounts } from './daily-counts';
import { seedDemoApplicants } from './seed';
import { registrationDailyCounts } from './tables';

describe('db:recount', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoApplicants({
      db: t.database.db,
      cipher: createFieldCipher(decodeKey(t.config.dataEncryptionKey!, 'test key')),
      count: 120,
      seed: 5,
      now: new Date('2026-06-15T06:30:00Z'),
    });
  }, 120_000);
  afterAll(() => t.close());

  const total = async (token: string) =>
    (
      await t.app.inject({
        url: '/api/registration/admin/dashboard/',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().total_applicants as number;

  it('finds the summary exact after writes through the triggers', async () => {
    expect(await recountDailyCounts(t.database.db, { repair: false })).toEqual({
      registrations: 120,
      drift: [],
    });
  });

  it('reports a summary that went wrong, and corrects it so the back office counts right', async () => {
    const staff = await createStaffSession(t);
    const [row] = await t.database.db.select().from(registrationDailyCounts).limit(1);
    const [{ summed }] = (await t.database.db
      .select({ summed: sql<number>`sum(${registrationDailyCounts.count})::int` })
      .from(registrationDailyCounts)
      .where(
        and(
          eq(registrationDailyCounts.day, row!.day),
          eq(registrationDailyCounts.status, row!.status),
        ),
      )) as [{ summed: number }];
    // As after a restore of one table without the other: one day counts 5 too many, and a
    // day with no registration at all appears.
    await t.database.db
      .update(registrationDailyCounts)
      .set({ count: sql`${registrationDailyCounts.count} + 5` })
      .where(
        and(
          eq(registrationDailyCounts.day, row!.day),
          eq(registrationDailyCounts.status, row!.status),
          eq(registrationDailyCounts.stripe, row!.stripe),
        ),
      );
    await t.database.db
      .insert(registrationDailyCounts)
      .values({ day: '2001-01-01', status: 'paid', count: 2 });
    expect(await total(staff.token)).toBe(127);

    const expected = [
      { day: '2001-01-01', status: 'paid', counted: 2, actual: 0 },
      { day: row!.day, status: row!.status, counted: Number(summed) + 5, actual: Number(summed) },
    ];
    const checked = await recountDailyCounts(t.database.db, { repair: false });
    expect(checked.drift).toEqual(expected);
    expect(await total(staff.token)).toBe(127);

    expect((await recountDailyCounts(t.database.db, { repair: true })).drift).toEqual(expected);
    expect(await total(staff.token)).toBe(120);
    expect((await recountDailyCounts(t.database.db, { repair: false })).drift).toEqual([]);
  });

  it('folds the stripes that concurrent writers added to into one row per day and status', async () => {
    const staff = await createStaffSession(t);
    const before = await total(staff.token);
    // The seed's inserts counted into their connection's stripe (1-16); add one more stripe.
    await t.database.db
      .insert(registrationDailyCounts)
      .values({ day: '2001-01-02', status: 'paid', stripe: 7, count: 0 });
    expect(await foldDailyCountStripes(t.database.db)).toBeGreaterThan(0);
    const stripes = await t.database.db
      .selectDistinct({ stripe: registrationDailyCounts.stripe })
      .from(registrationDailyCounts);
    expect(stripes).toEqual([{ stripe: 0 }]);
    expect(await total(staff.token)).toBe(before);
    expect((await recountDailyCounts(t.database.db, { repair: false })).drift).toEqual([]);
    expect(await foldDailyCountStripes(t.database.db)).toBe(0);
  });
});
