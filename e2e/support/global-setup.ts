import { startAppServer } from './servers';

/** One production server for the whole run; its URL reaches the tests through E2E_BASE_URL. */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  const server = await startAppServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
