import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_SERVER_ENV, seedStaffAccount } from './admin';
import { startAppServer } from './servers';

/** One production server for the whole run; its URL reaches the tests through E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'loan-e2e-'));
  seedStaffAccount(dataDir);
  const server = await startAppServer({ ...ADMIN_SERVER_ENV, DATA_DIR: dataDir });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
