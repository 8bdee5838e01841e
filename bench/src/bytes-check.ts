// `pnpm bench:bytes:check` (issue 17): the fast part of `pnpm bench`, a CI step after the
// production build. Loads /login (English and Hindi) and /portal-admin/login from the built
// server/dist in Chromium and fails when one passes its ceiling. It does not build, needs no
// PostgreSQL (the server runs on its embedded PGlite: the login pages read no data) and writes
// nothing to bench/results unless run with --write (then bench/results/bytes-check.md).
import { chromium } from 'playwright-core';
import { chromiumArgs, settings } from './config';
import { BYTES_NOTES, measurePage, PAGES, rowsFor } from './parts/bytes';
import {
  captureConditions,
  finishConditions,
  formatBytes,
  type ResultRow,
  verdict,
  writeResult,
} from './results';
import { startServer } from './server';

/** The pages CI holds: each at most `floorFactor` × its floor. */
const CHECKED = ['/login', '/login (Hindi)', '/portal-admin/login'];

async function main() {
  const write = process.argv.includes('--write');
  const started = Date.now();
  const conditions = captureConditions({ databaseRows: 0 });
  const server = await startServer({ DATABASE_URL: '' });
  const browser = await chromium.launch({
    executablePath: settings.chromiumPath,
    args: chromiumArgs,
  });
  const rows: ResultRow[] = [];
  const failures: string[] = [];
  try {
    for (const spec of PAGES.filter((page) => CHECKED.includes(page.name))) {
      const factor = spec.ciCeiling ?? spec.floorFactor ?? 1.2;
      try {
        const measured = await measurePage(browser, server.url, spec);
        const pageRows = rowsFor(spec, measured);
        rows.push(...pageRows);
        const limit = measured.floorGzip * factor;
        const line =
          `${spec.name}: ${formatBytes(measured.gzip)} gzip, floor ${formatBytes(measured.floorGzip)}, ` +
          `${measured.ratio.toFixed(4)}× (limit ${factor}× = ${formatBytes(limit)}` +
          (spec.ciCeiling ? `, a ceiling until it meets ${spec.floorFactor}×)` : ')');
        console.log(line);
        if (measured.ratio > factor) failures.push(line);
        const chart = pageRows.find((row) => row.measure.endsWith('chart.js'));
        if (chart?.verdict === verdict(false)) failures.push(`${chart.measure}: ${chart.figure}`);
      } catch (error) {
        failures.push(`${spec.name} did not render: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (write) {
    writeResult({
      part: 'bytes-check',
      title: 'Bytes check (CI)',
      referenceHeading: 'Floor (esbuild, gzip)',
      rows,
      conditions: finishConditions(conditions),
      notes: BYTES_NOTES,
    });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.error(`\nbytes check failed (${seconds} s):\n- ${[...new Set(failures)].join('\n- ')}`);
    process.exit(1);
  }
  console.log(`\nbytes check passed (${seconds} s).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
