#!/usr/bin/env node
// Writes .br and .gz beside every compressible build file so the server can send them as they are
// (no compression work per request).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: loan-portal-precompress <dir>');
  process.exit(2);
}
let count = 0;
for await (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = await readFile(file);
  const [br, gzData] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz(data, { level: 9 }),
  ]);
  // Small chunks are many in a federated build; a compressed copy that is not smaller is not kept,
  // so the server sends the original.
  const written = [
    br.length < data.length && writeFile(`${file}.br`, br),
    gzData.length < data.length && writeFile(`${file}.gz`, gzData),
  ].filter(Boolean);
  await Promise.all(written);
  if (written.length > 0) count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
