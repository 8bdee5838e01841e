import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { verifyPassword } from '../modules/accounts/passwords';
import { ensureStaffUser } from '../modules/accounts/service';
import { users } from '../modules/accounts/tables';
import { openTestDatabase } from '../test/helpers';
import { adminCreate } from './admin-create';

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

function io(password?: string) {
  const lines: string[] = [];
  return { lines, askPassword: async () => password, print: (line: string) => lines.push(line) };
}

async function userNamed(username: string) {
  const [row] = await database.db.select().from(users).where(eq(users.username, username));
  return row;
}

describe('admin:create', () => {
  it('creates a staff user with the password given on the command line', async () => {
    const out = io();
    expect(
      await adminCreate(['--username', 'priya', '--password', 'priya-pass'], database.db, out),
    ).toBe(0);
    expect(out.lines).toEqual(['Created staff user "priya".']);
    const row = await userNamed('priya');
    expect(row).toMatchObject({ isStaff: true, isSuperuser: false, phoneNumber: null });
    expect(await verifyPassword(row.passwordHash, 'priya-pass')).toBe(true);
  });

  it('asks for the password when none is given, and makes superusers', async () => {
    const out = io('root-pass');
    expect(await adminCreate(['--username', 'boss', '--superuser'], database.db, out)).toBe(0);
    expect(out.lines).toEqual(['Created superuser "boss".']);
    expect(await userNamed('boss')).toMatchObject({ isStaff: true, isSuperuser: true });
  });

  it('refuses bad input and existing names without changing anything', async () => {
    expect(await adminCreate([], database.db, io('x'))).toBe(2);
    const short = io();
    expect(await adminCreate(['--username', 'x', '--password', '123'], database.db, short)).toBe(2);
    expect(short.lines).toEqual(['Password must be at least 6 characters long']);
    const noTty = io(undefined);
    expect(await adminCreate(['--username', 'x'], database.db, noTty)).toBe(2);
    expect(noTty.lines[0]).toMatch(/pass --password/);

    const before = await userNamed('priya');
    const again = io();
    expect(
      await adminCreate(['--username', 'priya', '--password', 'other-pass'], database.db, again),
    ).toBe(1);
    expect(again.lines[0]).toBe('A user named "priya" already exists; nothing changed.');
    expect((await userNamed('priya')).passwordHash).toBe(before.passwordHash);
  });
});

describe('ADMIN_USERNAME / ADMIN_PASSWORD', () => {
  it('are read together and checked', () => {
    expect(loadConfig({}).auth.bootstrapAdmin).toBeUndefined();
    expect(
      loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'ops-pass' }).auth.bootstrapAdmin,
    ).toEqual({ username: 'ops', password: 'ops-pass' });
    expect(() => loadConfig({ ADMIN_USERNAME: 'ops' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: '123' })).toThrow(
      'ADMIN_PASSWORD must be at least 6 characters',
    );
  });

  it('create the staff user only when missing (what server.ts runs after migrating)', async () => {
    const first = await ensureStaffUser(database.db, { username: 'ops', password: 'ops-pass' });
    expect(first.created).toBe(true);
    const second = await ensureStaffUser(database.db, { username: 'ops', password: 'changed' });
    expect(second).toEqual({ id: first.id, created: false });
    expect(await verifyPassword((await userNamed('ops')).passwordHash, 'ops-pass')).toBe(true);
  });
});
