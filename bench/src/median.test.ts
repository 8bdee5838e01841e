import { describe, expect, it } from 'vitest';
import { median, medianOfRuns } from './median';
import type { PartResult, ResultRow } from './results';

function listRow(
  measure: string,
  figures: { p95: number; rps: number; single: number; direct: number; minimal?: number },
  target = 'p95 ≤ 50 ms',
): ResultRow {
  return {
    measure,
    figure: `${figures.rps} req/s`,
    reference: '0.5 ms',
    target,
    verdict: 'met',
    data: {
      oneConnectionP50Ms: figures.single,
      directP50Ms: figures.direct,
      minimalServerP50Ms: figures.minimal,
      load: {
        requests: figures.rps * 20,
        requestsPerSecond: figures.rps,
        p50: figures.p95 / 2,
        p95: figures.p95,
        p99: figures.p95 * 1.5,
        errors: 0,
        non2xx: 0,
      },
      sql: { totalMs: figures.direct / 2, statements: [{}, {}] },
    },
  };
}

function run(commit: string, rows: ResultRow[]): PartResult {
  return {
    part: 'api',
    title: 'API at 1,000,000 applicants (PostgreSQL)',
    referenceHeading: 'Same SQL direct (EXPLAIN ANALYZE)',
    rows,
    conditions: {
      startedAt: `2026-11-28T05:0${commit.length}:00.000Z`,
      finishedAt: '2026-11-28T05:12:00.000Z',
      loadAverageAtStart: [1, 1, 1],
      loadAverageAtEnd: [2, 2, 2],
      cpus: 2,
      memoryGb: 24,
      node: 'v20.20.2',
      commit,
      settings: { rows: 1_000_000 },
    },
    notes: ['Figure: autocannon.'],
  };
}

const PAN = 'Admin list, PAN fragment "MPI882" + 30 days';

describe('median of runs', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('meets the 1.5× bound on the runs’ median ratio though one run is over it', () => {
    const runs = [
      run('abc1234', [
        listRow(PAN, { p95: 5, rps: 3400, single: 0.8, direct: 0.46, minimal: 0.6 }),
      ]),
      run('abc1234', [
        listRow(PAN, { p95: 6, rps: 3300, single: 0.6, direct: 0.46, minimal: 0.62 }),
      ]),
      run('abc1234', [
        listRow(PAN, { p95: 4, rps: 3500, single: 0.62, direct: 0.45, minimal: 0.6 }),
      ]),
    ];
    const [row] = medianOfRuns(runs).rows;
    expect(row?.verdict).toBe('met');
    expect(row?.target).toBe('p95 ≤ 50 ms; ≤ 1.5× the same SQL');
    expect(row?.figure).toBe('3,400 req/s; p95 5.0 ms');
    // Every run's ratio stays visible beside their median: 1.74×, 1.30×, 1.38×.
    expect(row?.note).toContain("the runs' ratios 1.74×, 1.30×, 1.38×, median 1.38×");
    expect(row?.note).toContain("a minimal Node server's 1.30×, 1.35×, 1.33×, median 1.33×");
  });

  it('misses a search whose median ratio is over 1.5×, however fast its p95', () => {
    const runs = [1.6, 1.7, 1.2].map((factor) =>
      run('abc1234', [listRow(PAN, { p95: 5, rps: 3400, single: 0.5 * factor, direct: 0.5 })]),
    );
    expect(medianOfRuns(runs).rows[0]?.verdict).toBe('missed');
  });

  it('judges p95 and throughput targets on the median, and the ratio only on searches', () => {
    const dashboard = (p95: number) =>
      listRow('Dashboard', { p95, rps: 1500, single: 3, direct: 1 }, 'p95 ≤ 150 ms');
    const client = (rps: number) =>
      listRow("Client's GET application", { p95: 3, rps, single: 1, direct: 0.1 }, '≥ 3,000 req/s');
    const result = medianOfRuns([
      run('abc1234', [dashboard(200), client(2900)]),
      run('abc1234', [dashboard(100), client(3100)]),
      run('abc1234', [dashboard(120), client(3200)]),
    ]);
    expect(result.rows.map((row) => [row.measure, row.verdict])).toEqual([
      ['Dashboard', 'met'],
      ["Client's GET application", 'met'],
    ]);
    const slow = medianOfRuns([
      run('abc1234', [dashboard(200)]),
      run('abc1234', [dashboard(160)]),
      run('abc1234', [dashboard(100)]),
    ]);
    expect(slow.rows[0]?.verdict).toBe('missed');
  });

  it('misses a row that had an error in any run', () => {
    const failing = listRow(
      'Dashboard',
      { p95: 10, rps: 1500, single: 1, direct: 1 },
      'p95 ≤ 150 ms',
    );
    (failing.data as { load: { non2xx: number } }).load.non2xx = 3;
    const fine = listRow('Dashboard', { p95: 10, rps: 1500, single: 1, direct: 1 }, 'p95 ≤ 150 ms');
    const [row] = medianOfRuns([run('a', [fine]), run('a', [failing]), run('a', [fine])]).rows;
    expect(row?.verdict).toBe('missed');
    expect(row?.note).toContain('3 errors or non-2xx answers');
  });

  it('says which commits the runs measured and which rows a run lacked', () => {
    const row = listRow(PAN, { p95: 5, rps: 3400, single: 0.6, direct: 0.5 });
    const other = listRow(
      'Dashboard',
      { p95: 10, rps: 1500, single: 1, direct: 1 },
      'p95 ≤ 150 ms',
    );
    const later = listRow('IFSC lookup', { p95: 1, rps: 9000, single: 0.1, direct: 0.1 });
    const result = medianOfRuns([run('abc1234', [row, other]), run('def5678', [row, later])]);
    expect(result.rows.map((r) => r.measure)).toEqual([PAN]);
    expect(result.conditions.commit).toBe('abc1234, def5678');
    expect(result.notes.join('\n')).toContain('The runs measured different commits');
    expect(result.notes.join('\n')).toContain(
      'Not in every run, left out: Dashboard; IFSC lookup.',
    );
    expect(result.conditions.settings).toMatchObject({ runs: 2 });
  });

  it('keeps a row without load figures as each run’s words, with the verdict they agree on', () => {
    const seed: ResultRow = { measure: 'Seed', figure: 'reused the existing seed', verdict: 'n/a' };
    const seeded: ResultRow = { ...seed, figure: '90 s', verdict: 'met' };
    const [row] = medianOfRuns([run('a', [seed]), run('a', [seeded])]).rows;
    expect(row?.note).toBe('runs: reused the existing seed; 90 s');
    expect(row?.verdict).toBe('n/a');
    expect(medianOfRuns([run('a', [seeded]), run('a', [seeded])]).rows[0]?.verdict).toBe('met');
  });
});
