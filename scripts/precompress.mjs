// Writes .br and .gz beside every compressible build file so the server can send them as they are
// (no compression work per request).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
const MIN_BYTES = 512;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: precompress.mjs <dir>');
  process.exit(2);
}
let count = 0;
for await (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  const data = await readFile(file);
  const [br, gzData] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzData)]);
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
