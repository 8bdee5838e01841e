#!/usr/bin/env node
/**
 * Refreshes server/data/ifsc.json.gz from the data files of the npm `ifsc` package (Razorpay's
 * copy of RBI's NEFT/RTGS lists). The package is not a dependency: its `fetchDetails` calls a web
 * service and it pulls in the deprecated `request`. We only want its JSON, so this script packs
 * the tarball into a temporary folder with `npm pack`, reads four files and writes one compact,
 * gzipped file that the server loads once at start-up (modules/ifsc/directory.ts).
 *
 *   node server/scripts/update-ifsc-data.mjs            # the version pinned below
 *   node server/scripts/update-ifsc-data.mjs 2.0.51     # another published version
 *
 * Then run the ifsc tests (pnpm --filter server exec vitest run src/modules/ifsc) and commit the
 * data file. Files read from the package:
 *   src/IFSC.json            bank code -> its valid branch codes (numbers, or 6-character strings)
 *   src/banknames.json       bank code -> bank name
 *   src/sublet.json          IFSC -> the bank that really owns a branch listed under another's code
 *   src/custom-sublets.json  IFSC prefix -> owning bank (the same, for whole ranges)
 * The package holds no branch details (names, addresses): nor do we.
 *
 * Encoding: per bank, the numeric branch codes are sorted, delta-encoded and written in base 36
 * ("1,1,1,a" for 65001..65003 then 65013); the others are listed as they are. 1 MB of JSON becomes
 * about 0.2 MB before gzip.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DEFAULT_VERSION = '2.0.50';
const version = process.argv[2] ?? DEFAULT_VERSION;
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`Expected a version such as ${DEFAULT_VERSION}, got "${version}"`);
  process.exit(1);
}
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'ifsc.json.gz');

const work = mkdtempSync(join(tmpdir(), 'ifsc-'));
try {
  execFileSync('npm', ['pack', `ifsc@${version}`, '--silent'], { cwd: work, stdio: 'pipe' });
  execFileSync('tar', ['xzf', `ifsc-${version}.tgz`], { cwd: work });
  const read = (name) => JSON.parse(readFileSync(join(work, 'package', 'src', name), 'utf8'));
  const lists = read('IFSC.json');
  const names = read('banknames.json');
  const sublets = read('sublet.json');
  const customSublets = read('custom-sublets.json');

  const banks = {};
  let codes = 0;
  for (const [bankCode, list] of Object.entries(lists)) {
    const numbers = list.filter((value) => typeof value === 'number').sort((a, b) => a - b);
    const others = list.filter((value) => typeof value === 'string').sort();
    let previous = 0;
    const deltas = numbers.map((value) => {
      const delta = value - previous;
      previous = value;
      return delta.toString(36);
    });
    banks[bankCode] = { n: deltas.join(','), s: others.join(',') };
    codes += list.length;
  }
  const data = {
    source: `npm ifsc@${version} (github.com/razorpay/ifsc, MIT), from RBI's NEFT/RTGS lists`,
    names,
    banks,
    sublets,
    customSublets,
  };
  const gz = gzipSync(JSON.stringify(data), { level: 9 });
  writeFileSync(out, gz);
  console.log(
    `Wrote ${out}: ${codes} IFSCs of ${Object.keys(banks).length} banks, ` +
      `${Object.keys(names).length} bank names, ${(gz.length / 1024).toFixed(0)} KiB`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
