import { ADMIN_SERVER_ENV, seedStaffAccount } from './admin';
import { CLIENT_SERVER_ENV } from './client';
import { freshDataDir, makePgliteTemplate, startAppServer } from './servers';

/** One production server for the whole run; its URL reaches the tests through E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  // Every server of the run (these two, and those a test file starts) begins from a copy of it.
  process.env.E2E_PGLITE_TEMPLATE = await makePgliteTemplate();
  const dataDir = freshDataDir();
  seedStaffAccount(dataDir);
  // Client journeys ask for a second code for the same number within seconds (signup, then reset).
  const server = await startAppServer({
    ...ADMIN_SERVER_ENV,
    OTP_RESEND_COOLDOWN_SECONDS: '1',
    DATA_DIR: dataDir,
  });
  process.env.E2E_BASE_URL = server.url;
  // The cheap-phone project runs beside the desktop one, on a server of its own: its sign-ups and
  // payments must not move the totals a desktop journey is comparing.
  const phoneServer = await startAppServer({
    ...CLIENT_SERVER_ENV,
    DATA_DIR: freshDataDir('loan-e2e-phone-'),
  });
  process.env.E2E_CHEAP_PHONE_BASE_URL = phoneServer.url;
  return async () => {
    await Promise.all([server.stop(), phoneServer.stop()]);
  };
}
