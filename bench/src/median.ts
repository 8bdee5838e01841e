import {
  type Conditions,
  formatMs,
  type PartResult,
  type ResultRow,
  type Verdict,
  verdict,
} from './results';

/**
 * The API part's figures as issue 17 states its targets: "median of runs". Several whole runs of
 * the part (each row a minute or so apart, over a quarter of an hour) give each row one figure per
 * run; the table keeps each row's median and shows every run's figure beside it.
 */

/** Issue 17: a list search within 1.5× the same SQL run directly. */
export const SQL_RATIO_BOUND = 1.5;

/** The rows issue 17 bounds by the same SQL: the list's 16 searches. */
const SEARCH_ROW = /^Admin list, (name search|PAN fragment|phone fragment|Aadhaar last 4)\b/;

interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface RowData {
  oneConnectionP50Ms?: number;
  directP50Ms?: number;
  minimalServerP50Ms?: number;
  load?: LoadFigures;
  sql?: { totalMs: number; statements: unknown[] };
}

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ratio(data: RowData): number | undefined {
  const { oneConnectionP50Ms: single, directP50Ms: direct } = data;
  return single !== undefined && direct ? single / direct : undefined;
}

function minimalRatio(data: RowData): number | undefined {
  const { minimalServerP50Ms: floor, directP50Ms: direct } = data;
  return floor !== undefined && direct ? floor / direct : undefined;
}

const times = (value: number) => `${value.toFixed(2)}×`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

/** Every run's values, or none when a run lacks one (the median would hide the gap). */
function all<T>(values: (T | undefined)[]): T[] | undefined {
  return values.every((value) => value !== undefined) ? (values as T[]) : undefined;
}

function combineRow(measure: string, rows: ResultRow[]): ResultRow {
  const first = rows[0]!;
  const data = rows.map((row) => (row.data ?? {}) as RowData);
  const loads = all(data.map((d) => d.load));
  if (!loads) {
    // A row without load figures (the seeds): each run's words, side by side, and the verdict the
    // runs agree on.
    const verdicts = new Set(rows.map((row) => row.verdict));
    return {
      measure,
      figure: first.figure,
      target: first.target,
      verdict: verdicts.size === 1 ? first.verdict : 'n/a',
      note: `runs: ${rows.map((row) => row.figure).join('; ')}`,
    };
  }
  const p95 = median(loads.map((load) => load.p95));
  const rps = median(loads.map((load) => load.requestsPerSecond));
  const failures = loads.reduce((sum, load) => sum + load.errors + load.non2xx, 0);
  const p95Target = /p95 ≤ ([\d.]+) ms/.exec(first.target ?? '')?.[1];
  const rpsTarget = /≥ ([\d,]+) req\/s/.exec(first.target ?? '')?.[1];
  const targetMet =
    failures > 0
      ? false
      : p95Target !== undefined
        ? p95 <= Number(p95Target)
        : rpsTarget !== undefined
          ? rps >= Number(rpsTarget.replaceAll(',', ''))
          : undefined;

  const ratios = all(data.map(ratio));
  const minimal = all(data.map(minimalRatio));
  const bounded = SEARCH_ROW.test(measure);
  const ratioMedian = ratios ? median(ratios) : undefined;
  const ratioMet = !bounded
    ? true
    : ratioMedian === undefined
      ? undefined
      : ratioMedian <= SQL_RATIO_BOUND;
  const rowVerdict: Verdict =
    targetMet === undefined || ratioMet === undefined ? 'n/a' : verdict(targetMet && ratioMet);

  const notes = [
    `runs: p95 ${loads.map((load) => formatMs(load.p95)).join(', ')}; ${loads.map((load) => perSecond(load.requestsPerSecond)).join(', ')}`,
  ];
  if (failures > 0) notes.push(`${failures} errors or non-2xx answers over the runs`);
  if (ratios && ratioMedian !== undefined) {
    const singles = data.map((d) => d.oneConnectionP50Ms!);
    const directs = data.map((d) => d.directP50Ms!);
    // The median of the runs' ratios, not the ratio of the two medians: each run's two figures
    // were taken in turns, on the same stretch of the machine.
    notes.push(
      `1 connection p50 ${formatMs(median(singles))} and the statements sent directly ` +
        `${formatMs(median(directs))} (medians); the runs' ratios ${ratios.map(times).join(', ')}, ` +
        `median ${times(ratioMedian)}` +
        (minimal
          ? `; a minimal Node server's ${minimal.map(times).join(', ')}, median ${times(median(minimal))}`
          : ''),
    );
  }
  const sqlTotals = all(data.map((d) => d.sql?.totalMs));
  return {
    measure,
    figure: `${perSecond(rps)}; p95 ${formatMs(p95)}`,
    reference: sqlTotals
      ? `${formatMs(median(sqlTotals))} (${data[0]!.sql!.statements.length} statements)`
      : first.reference,
    target: bounded ? `${first.target}; ≤ ${SQL_RATIO_BOUND}× the same SQL` : first.target,
    verdict: rowVerdict,
    note: notes.join('; '),
  };
}

function conditionsLine(run: PartResult, index: number): string {
  const c: Conditions = run.conditions;
  return (
    `Run ${index + 1}: ${c.startedAt} to ${c.finishedAt ?? '?'}, commit ${c.commit}, load ` +
    `${c.loadAverageAtStart.join(' / ')} → ${(c.loadAverageAtEnd ?? []).join(' / ')}.`
  );
}

/**
 * One table from several runs of the API part: each row's median figures, its verdict from them,
 * and every run's figures in its note. Rows missing from a run are left out, and said so.
 */
export function medianOfRuns(runs: PartResult[]): PartResult {
  if (runs.length === 0) throw new Error('no runs to combine');
  // Every row any run has, in the first run's order and then the others'.
  const names = [...new Set(runs.flatMap((run) => run.rows.map((row) => row.measure)))];
  const rows: ResultRow[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const found = runs.map((run) => run.rows.find((row) => row.measure === name));
    const present = all(found);
    if (present) rows.push(combineRow(name, present));
    else missing.push(name);
  }
  const first = runs[0]!.conditions;
  const last = runs[runs.length - 1]!.conditions;
  const commits = [...new Set(runs.map((run) => run.conditions.commit))];
  const notes = [
    `Each figure is the median of ${runs.length} whole runs of this part, one after another; a ` +
      "row's note gives every run's figure. A verdict is the median's. For the 16 searches, " +
      `issue 17's bound of ${SQL_RATIO_BOUND}× the same SQL applies to the median of the runs' ` +
      "ratios (each run's ratio is its 1 connection p50 over its statements sent directly).",
    ...runs.map(conditionsLine),
    ...(commits.length > 1 ? [`The runs measured different commits: ${commits.join(', ')}.`] : []),
    ...(missing.length > 0 ? [`Not in every run, left out: ${missing.join('; ')}.`] : []),
    ...runs[0]!.notes,
  ];
  return {
    part: runs[0]!.part,
    title: `${runs[0]!.title}, median of ${runs.length} runs`,
    referenceHeading: `${runs[0]!.referenceHeading}, median`,
    rows,
    conditions: {
      ...first,
      finishedAt: last.finishedAt,
      loadAverageAtEnd: last.loadAverageAtEnd,
      commit: commits.join(', '),
      settings: { ...first.settings, runs: runs.length },
    },
    notes,
  };
}
