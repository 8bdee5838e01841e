import postgres from 'postgres';
import { openDatabase } from '../../server/src/db/client';
import { ensureStaffUser } from '../../server/src/modules/accounts/service';
import { staffCredentials } from './config';

function split(url: string): { admin: string; name: string } {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  parsed.pathname = '/postgres';
  return { admin: parsed.toString(), name };
}

/** Creates the bench database when missing, then applies the server's own migrations. */
export async function prepareDatabase(url: string): Promise<void> {
  const { admin, name } = split(url);
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  try {
    await database.migrate();
    // The server also creates it from ADMIN_USERNAME; doing it here keeps the bench independent
    // of that start-up step (same function, same argon2 hash).
    await ensureStaffUser(database.db, staffCredentials);
  } finally {
    await database.close();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { admin, name } = split(url);
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await sql.end();
  }
}

export function connect(url: string, max = 1) {
  return postgres(url, { max, onnotice: () => {} });
}
