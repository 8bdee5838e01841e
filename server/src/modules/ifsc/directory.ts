/**
 * RBI's list of IFSCs, as Razorpay's npm `ifsc` package publishes it, held in memory for lookups
 * that never leave the machine. Why not the package itself: its `fetchDetails` calls a web service
 * and it depends on the deprecated `request`; we need only its data files, which
 * `scripts/update-ifsc-data.mjs` turns into `data/ifsc.json.gz` (about 120 KiB, 177,000 codes).
 *
 * The file is read once at start-up into one Set per bank (numeric branch codes as numbers,
 * the others as strings), so a lookup is two Map/Set reads. The package has no branch details
 * (names, addresses), and neither do we: a lookup answers the owning bank's code and name only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { IfscLookup } from '@loan-portal/api-client';
import { serverRoot } from '../../paths';

export const IFSC_DATA_FILE = join(serverRoot, 'data', 'ifsc.json.gz');

/** 4 capital letters (the bank), a 0, then 6 capital letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

interface IfscDataFile {
  source: string;
  names: Record<string, string>;
  /** Per bank: `n` the numeric branch codes, sorted, as base-36 deltas; `s` the others. */
  banks: Record<string, { n: string; s: string }>;
  /** IFSC -> the bank that owns a branch listed under another bank's code. */
  sublets: Record<string, string>;
  /** IFSC prefix -> owning bank, for whole ranges. */
  customSublets: Record<string, string>;
}

export interface IfscDirectory {
  /** The code's bank, or null when the code is not in the list (or not a well-formed IFSC). */
  lookup(code: string): IfscLookup | null;
  /** Where the data came from (package and version). */
  readonly source: string;
  readonly size: number;
}

interface BankBranches {
  numeric: Set<number>;
  other: Set<string>;
}

let shared: IfscDirectory | undefined;

/** The one directory of this process: every app built here (tests build many) shares it. */
export function sharedIfscDirectory(): IfscDirectory {
  shared ??= loadIfscDirectory();
  return shared;
}

export function loadIfscDirectory(file = IFSC_DATA_FILE): IfscDirectory {
  const data = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as IfscDataFile;
  const banks = new Map<string, BankBranches>();
  let size = 0;
  for (const [bankCode, { n, s }] of Object.entries(data.banks)) {
    const numeric = new Set<number>();
    let value = 0;
    for (const delta of n ? n.split(',') : []) {
      value += Number.parseInt(delta, 36);
      numeric.add(value);
    }
    const other = new Set(s ? s.split(',') : []);
    banks.set(bankCode, { numeric, other });
    size += numeric.size + other.size;
  }
  const names = new Map(Object.entries(data.names));
  const sublets = new Map(Object.entries(data.sublets));
  // Longest prefix first, so a narrower range wins over a wider one.
  const customSublets = Object.entries(data.customSublets).sort(
    (a, b) => b[0].length - a[0].length,
  );

  function owner(code: string): string {
    const sublet = sublets.get(code);
    if (sublet) return sublet;
    for (const [prefix, bank] of customSublets) if (code.startsWith(prefix)) return bank;
    return code.slice(0, 4);
  }

  return {
    source: data.source,
    size,
    lookup(code) {
      if (!IFSC_PATTERN.test(code)) return null;
      const branches = banks.get(code.slice(0, 4));
      if (!branches) return null;
      const branch = code.slice(5);
      // As the package's own validator reads them: an all-digit branch code is a number.
      const listed = /^\d+$/.test(branch)
        ? branches.numeric.has(Number(branch))
        : branches.other.has(branch);
      if (!listed) return null;
      const bankCode = owner(code);
      return { ifsc: code, bank_code: bankCode, bank: names.get(bankCode) ?? null };
    },
  };
}
