import { hasValidVerhoeffCheckDigit } from '@loan-portal/api-client';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher, decodeKey } from '../../lib/encryption';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession } from '../../test/sessions';
import { users } from '../accounts/tables';
import { seedDemoApplicants } from './seed';
import { profiles, registrations } from './tables';

describe('demo seed', () => {
  let t: TestApp;
  const now = new Date('2026-06-15T06:30:00Z');
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('creates N applicants with valid, encrypted, realistic data the back office can read', async () => {
    const cipher = createFieldCipher(decodeKey(t.config.dataEncryptionKey!, 'test key'));
    const progress: number[] = [];
    const inserted = await seedDemoApplicants({
      db: t.database.db,
      cipher,
      count: 250,
      batchSize: 100,
      seed: 11,
      now,
      onProgress: (done) => progress.push(done),
    });
    expect(inserted).toBe(250);
    expect(progress).toEqual([100, 200, 250]);
    const [[u], [p], [r]] = await Promise.all([
      t.database.db.select({ n: count() }).from(users),
      t.database.db.select({ n: count() }).from(profiles),
      t.database.db.select({ n: count() }).from(registrations),
    ]);
    expect([u!.n, p!.n, r!.n]).toEqual([250, 250, 250]);

    const rows = await t.database.db.select().from(profiles);
    const regs = await t.database.db.select().from(registrations);
    for (const row of rows) {
      expect(row.contactNumber).toMatch(/^[6-9]\d{9}$/);
      expect(row.panNumber).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
      expect(row.ifscCode).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
      expect(row.aadhaarEncrypted).toMatch(/^v1:/);
      const aadhaar = cipher.decrypt(row.aadhaarEncrypted);
      expect(aadhaar).toMatch(/^[2-9]\d{11}$/);
      expect(hasValidVerhoeffCheckDigit(aadhaar)).toBe(true);
      expect(aadhaar.slice(-4)).toBe(row.aadhaarLast4);
      expect(cipher.decrypt(row.accountEncrypted)).toMatch(/^\d{9,18}$/);
    }
    const statuses = new Set(regs.map((reg) => reg.status));
    expect(statuses).toEqual(new Set(['draft', 'paid', 'pending_payment']));
    const yearAgo = now.getTime() - 366 * 24 * 3600 * 1000;
    for (const reg of regs) {
      expect(reg.createdAt.getTime()).toBeGreaterThan(yearAgo);
      expect(reg.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(reg.submittedAt === null).toBe(reg.status !== 'paid');
    }
    const months = await t.database.db.execute(
      sql`select count(distinct date_trunc('month', created_at)) as n from registrations`,
    );
    const list = (Array.isArray(months) ? months : (months as { rows: unknown[] }).rows) as {
      n: number | string;
    }[];
    expect(Number(list[0]!.n)).toBeGreaterThanOrEqual(12);

    const staff = await createStaffSession(t);
    const res = await t.app.inject({
      url: '/api/registration/admin/profiles/?page_size=100',
      headers: staff.headers,
    });
    expect(res.json().pagination.total_items).toBe(250);
  });

  it('skips phone numbers that already have an account and still creates N', async () => {
    const cipher = createFieldCipher(decodeKey(t.config.dataEncryptionKey!, 'test key'));
    // The same seed makes the same phone numbers first: every one of them collides.
    const inserted = await seedDemoApplicants({
      db: t.database.db,
      cipher,
      count: 50,
      batchSize: 50,
      seed: 11,
      now,
    });
    expect(inserted).toBe(50);
    const [p] = await t.database.db.select({ n: count() }).from(profiles);
    expect(p!.n).toBe(300);
  });
});
