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
  // Client journeys ask for a second code for the same number within seconds (signup, then reset).
  const server = await startAppServer({
    ...ADMIN_SERVER_ENV,
    OTP_RESEND_COOLDOWN_SECONDS: '1',
    DATA_DIR: dataDir,
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
