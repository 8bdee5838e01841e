import { settings } from '../config';
import { connect } from '../db';
import {
  captureConditions,
  finishConditions,
  formatBytes,
  type PartResult,
  type ResultRow,
  verdict,
} from '../results';
import { seedApplicants } from '../seed';
import { buildProduction, processMemory, resetPeakMemory, startServer } from '../server';
import { signInStaff } from '../sessions';
import { kolkataDate } from './api';

const TARGET_SECONDS_100K = 6;
const RSS_LIMIT = 250 * 1024 * 1024;

/**
 * A from_date whose export holds about `rows` applicants (the newest ones): the Kolkata day of the
 * rows-th newest application. Returns the exact count the server's filter will select.
 */
async function rangeFor(url: string, rows: number): Promise<{ query: string; rows: number }> {
  const sql = connect(url);
  try {
    const [{ total }] = await sql<
      { total: number }[]
    >`select count(*)::int as total from registrations`;
    if (rows >= total) return { query: '', rows: total };
    const [{ at }] = await sql<{ at: Date }[]>`
      select created_at as at from registrations order by created_at desc, id desc
      offset ${rows - 1} limit 1`;
    const from = kolkataDate(at);
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from registrations
      where created_at >= (${from}::date::timestamp at time zone 'Asia/Kolkata')`;
    return { query: `?from_date=${from}`, rows: count };
  } finally {
    await sql.end();
  }
}

export async function runExport(): Promise<PartResult> {
  const url = settings.databaseUrl;
  const conditions = captureConditions({ rows: settings.rows, exportRows: settings.exportRows });
  buildProduction();
  const seed = await seedApplicants(url, settings.rows);
  const rows: ResultRow[] = [];
  for (const wanted of settings.exportRows.map((n) => Math.min(n, settings.rows))) {
    const range = await rangeFor(url, wanted);
    // A fresh server per export, so its VmHWM is this export's peak and nothing else's.
    const server = await startServer({ DATABASE_URL: url });
    try {
      const { access } = await signInStaff(server.url);
      const reset = resetPeakMemory(server.pid);
      const before = processMemory(server.pid);
      let sampledPeak = before?.rss ?? 0;
      const sampler = setInterval(() => {
        const memory = processMemory(server.pid);
        if (memory) sampledPeak = Math.max(sampledPeak, memory.rss);
      }, 100);
      console.log(`bench: exporting ${range.rows} rows ...`);
      const started = performance.now();
      let firstByte = 0;
      let bytes = 0;
      try {
        const res = await fetch(
          `${server.url}/api/registration/admin/profiles/export/${range.query}`,
          {
            headers: { authorization: `Bearer ${access}` },
          },
        );
        if (!res.ok || !res.body)
          throw new Error(`export answered ${res.status}: ${await res.text()}`);
        const reader = res.body.getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          if (!firstByte) firstByte = performance.now() - started;
          bytes += chunk.value.byteLength;
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const after = processMemory(server.pid);
      const peak = Math.max(after?.peak ?? 0, sampledPeak);
      const rowsPerSecond = Math.round(range.rows / seconds);
      const timeTarget = wanted <= 100_000;
      rows.push({
        measure: `Export ${range.rows.toLocaleString('en-US')} rows${range.query ? ` (${range.query.slice(1)})` : ''}`,
        figure: `${seconds.toFixed(1)} s (${rowsPerSecond.toLocaleString('en-US')} rows/s)`,
        target: timeTarget ? `≤ ${TARGET_SECONDS_100K} s` : undefined,
        verdict: timeTarget ? verdict(seconds <= TARGET_SECONDS_100K) : 'n/a',
        note: `${formatBytes(bytes)} .xlsx, first byte after ${(firstByte / 1000).toFixed(2)} s`,
        data: { rows: range.rows, seconds, rowsPerSecond, bytes, firstByteMs: firstByte },
      });
      rows.push({
        measure: `Server peak RSS, export of ${range.rows.toLocaleString('en-US')} rows`,
        figure: formatBytes(peak),
        reference: before ? `${formatBytes(before.rss)} before the export` : undefined,
        target: '< 250 MB',
        verdict: verdict(peak < RSS_LIMIT),
        note: reset
          ? 'VmHWM of the server, reset after start-up and sign-in (clear_refs), fresh server per export'
          : 'VmHWM of the server since start (clear_refs not writable), fresh server per export',
        data: {
          peakResetAfterLogin: reset,
          peakBytes: peak,
          beforeBytes: before?.rss,
          vmHwm: after?.peak,
          sampledPeak,
        },
      });
    } finally {
      await server.stop();
    }
  }
  return {
    part: 'export',
    title: 'Export (.xlsx, streamed)',
    referenceHeading: 'Baseline',
    rows,
    conditions: finishConditions(conditions),
    notes: [
      `Database: ${settings.rows.toLocaleString('en-US')} seeded applicants${seed.reused ? ' (reused)' : ''}; ` +
        'smaller exports use a from_date that selects the newest N rows (the count shown is exact).',
      'Seconds: from the request to the last byte received by a client on 127.0.0.1.',
    ],
  };
}
