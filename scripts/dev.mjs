// `pnpm dev`: the API with reload on :8080 and the three Vite dev servers, the shell told (through
// the API's /config.json) to load each remote from its own dev server.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  REMOTE_CLIENT_PORTAL_URL:
    process.env.REMOTE_CLIENT_PORTAL_URL ?? 'http://localhost:5174/remoteEntry.js',
  REMOTE_ADMIN_PORTAL_URL:
    process.env.REMOTE_ADMIN_PORTAL_URL ?? 'http://localhost:5175/remoteEntry.js',
};

const children = ['server', 'shell', 'client-portal', 'admin-portal'].map((pkg) =>
  spawn('pnpm', ['--filter', pkg, 'dev'], { cwd: root, env, stdio: 'inherit' }),
);

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
