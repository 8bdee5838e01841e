import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createStaffSession, type TestSession } from '../../test/sessions';
import { auditLog } from '../audit';
import { registrations } from './tables';
import { insertApplicant } from './test-support';

describe('delivered toggle and its audit row', () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffSession(t);
  }, 120_000);
  afterAll(() => t.close());

  const toggle = (id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/registration/registration/${id}/toggle-delivered/`,
      headers: staff.headers,
    });
  const delivered = async (id: number) => {
    const [row] = await t.database.db
      .select({ delivered: registrations.delivered })
      .from(registrations)
      .where(eq(registrations.id, id));
    return row!.delivered;
  };
  const auditRows = (id: number) =>
    t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.delivered'), eq(auditLog.subject, String(id))));

  it('leaves the flag as it was when its audit row cannot be written', async () => {
    const { registration } = await insertApplicant(t, { createdAt: new Date() });
    // The audit insert fails the way any database error would; nothing else is refused.
    await t.database.db.execute(
      sql`alter table audit_log add constraint refuse_delivered_audit check (action <> 'registration.delivered')`,
    );
    try {
      const res = await toggle(registration.id);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: `Something went wrong on our side. Reference: ${res.headers['x-request-id']}`,
      });
      expect(await delivered(registration.id)).toBe(false);
      expect(await auditRows(registration.id)).toEqual([]);
    } finally {
      await t.database.db.execute(
        sql`alter table audit_log drop constraint refuse_delivered_audit`,
      );
    }

    const again = await toggle(registration.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: registration.id, delivered: true });
    expect(await delivered(registration.id)).toBe(true);
    expect(await auditRows(registration.id)).toEqual([{ details: { delivered: true } }]);
  });
});
