// `pnpm start`: builds whatever has not been built yet, then serves the product on PORT (8080).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputs = {
  shell: 'shell/dist/index.html',
  'client-portal': 'client-portal/dist/remoteEntry.js',
  'admin-portal': 'admin-portal/dist/remoteEntry.js',
  server: 'server/dist/server.js',
};

function run(args) {
  const result = spawnSync('pnpm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const missing = Object.entries(outputs)
  .filter(([, file]) => !existsSync(join(root, file)))
  .map(([pkg]) => pkg);
if (missing.length > 0) {
  console.log(`Building ${missing.join(', ')}...`);
  run([...missing.flatMap((pkg) => ['--filter', pkg]), 'build']);
}
run(['serve']);
