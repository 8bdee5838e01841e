import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/helpers';
import { verifyPassword } from '../accounts/passwords';
import { ensureStaffUser } from '../accounts/service';
import { users } from '../accounts/tables';
import { ensureBootstrapAdmin } from './bootstrap-admin';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
}, 120_000);
afterAll(async () => {
  await database.close();
  await drop();
});

async function userNamed(username: string) {
  const [row] = await database.db.select().from(users).where(eq(users.username, username));
  return row!;
}

describe('the bootstrap admin (ADMIN_USERNAME / ADMIN_PASSWORD)', () => {
  it('is created a superuser, so the first start can open the staff screen', async () => {
    const result = await ensureBootstrapAdmin(database.db, {
      username: 'first-admin',
      password: 'first-pass-1',
    });
    expect(result).toEqual({ id: expect.any(Number), created: true });
    const row = await userNamed('first-admin');
    expect(row).toMatchObject({ isStaff: true, isSuperuser: true, isActive: true });
    expect(await verifyPassword(row.passwordHash, 'first-pass-1')).toBe(true);
  });

  it('leaves an existing account as it is on a restart: no flag granted, no password reset', async () => {
    const { id } = await ensureStaffUser(database.db, {
      username: 'plain-ops',
      password: 'plain-pass-1',
    });
    const again = await ensureBootstrapAdmin(database.db, {
      username: 'plain-ops',
      password: 'other-pass-1',
    });
    expect(again).toEqual({ id, created: false });
    const row = await userNamed('plain-ops');
    expect(row).toMatchObject({ isStaff: true, isSuperuser: false });
    expect(await verifyPassword(row.passwordHash, 'plain-pass-1')).toBe(true);
  });

  it('does not give back a superuser role that was withdrawn', async () => {
    await ensureBootstrapAdmin(database.db, { username: 'demoted', password: 'demoted-pass' });
    await database.db
      .update(users)
      .set({ isSuperuser: false, isActive: false })
      .where(eq(users.username, 'demoted'));
    expect(
      (await ensureBootstrapAdmin(database.db, { username: 'demoted', password: 'demoted-pass' }))
        .created,
    ).toBe(false);
    expect(await userNamed('demoted')).toMatchObject({ isSuperuser: false, isActive: false });
  });
});
