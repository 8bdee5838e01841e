// Node's flags for the production server, read from server/package.json's `serve` script (what
// `pnpm start` runs), so that the cluster behind HAProxy (deploy), the bench and the browser
// journeys start the server exactly as production does.
//
// --max-old-space-size: V8 sizes its heap limit from the machine's memory (about 4 GB on the
// project's 24 GB machines) and lets the old generation grow lazily while allocation is fast. The
// streamed 1,000,000-row export allocates 50,000 rows a second of short-lived strings and
// buffers: with the default, the server's RSS rose from 137-145 to 316-332 MiB (bench/README.md
// F20) though it holds about one batch (F4). With a limit of 128, 192, 256 or 512 MB the same
// export peaked at 174, 175, 173 and 185 MiB at the same 50-53k rows/s. 512 MB is over 3 times the
// server's whole RSS at rest: a limit on laziness, not on what the server may hold.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverPackage = join(dirname(fileURLToPath(import.meta.url)), '../server/package.json');

export function serverNodeFlags() {
  const serve = JSON.parse(readFileSync(serverPackage, 'utf8')).scripts.serve;
  const words = serve.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.js') {
    throw new Error(
      `server/package.json's serve script is not "node [flags] dist/server.js": ${serve}`,
    );
  }
  return words.slice(1, -1);
}
