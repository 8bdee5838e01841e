import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { resultsDir } from './config';

export type Verdict = 'met' | 'missed' | 'n/a';

/** One line of a part's table: a figure, what it could be (floor or the bare SQL), its target. */
export interface ResultRow {
  measure: string;
  figure: string;
  /** The floor (bytes) or the same SQL run directly (API), for comparison. */
  reference?: string;
  target?: string;
  verdict: Verdict;
  note?: string;
  /** Raw numbers for the JSON file. */
  data?: Record<string, unknown>;
}

export interface PartResult {
  part: string;
  title: string;
  referenceHeading: string;
  rows: ResultRow[];
  conditions: Conditions;
  notes: string[];
}

export interface Conditions {
  startedAt: string;
  finishedAt?: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
  cpus: number;
  memoryGb: number;
  node: string;
  /** The commit measured, with `+changes` when the working tree had uncommitted edits. */
  commit: string;
  settings: Record<string, unknown>;
}

export function captureConditions(settings: Record<string, unknown>): Conditions {
  return {
    startedAt: new Date().toISOString(),
    loadAverageAtStart: loadavg().map(round2),
    cpus: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    commit: currentCommit(),
    settings,
  };
}

function currentCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

export function finishConditions(conditions: Conditions): Conditions {
  return {
    ...conditions,
    finishedAt: new Date().toISOString(),
    loadAverageAtEnd: loadavg().map(round2),
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A target check; `undefined` (no figure) is never counted as met. */
export function verdict(ok: boolean | undefined): Verdict {
  if (ok === undefined) return 'n/a';
  return ok ? 'met' : 'missed';
}

function cell(text: string | undefined): string {
  return (text ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ');
}

const VERDICT_TEXT: Record<Verdict, string> = { met: 'met', missed: '**missed**', 'n/a': '' };

export function toMarkdown(result: PartResult): string {
  const c = result.conditions;
  const lines = [
    `## ${result.title}`,
    '',
    `| Measure | Figure | ${result.referenceHeading} | Target | Verdict | Note |`,
    '| --- | ---: | ---: | --- | --- | --- |',
    ...result.rows.map(
      (row) =>
        `| ${cell(row.measure)} | ${cell(row.figure)} | ${cell(row.reference)} | ${cell(row.target)} | ${VERDICT_TEXT[row.verdict]} | ${cell(row.note)} |`,
    ),
    '',
    `Conditions: ${c.startedAt} to ${c.finishedAt ?? '?'}, commit ${c.commit ?? '?'}, ${c.cpus} CPUs, ${c.memoryGb} GB, Node ${c.node}; ` +
      `load average (1/5/15 min) ${c.loadAverageAtStart.join(' / ')} at start, ` +
      `${(c.loadAverageAtEnd ?? []).join(' / ')} at end; settings ${JSON.stringify(c.settings)}.`,
  ];
  if (result.notes.length > 0) lines.push('', ...result.notes.map((note) => `- ${note}`));
  return `${lines.join('\n')}\n`;
}

/** Writes `<part>.md` and `<part>.json` into bench/results and returns the Markdown. */
export function writeResult(result: PartResult, dir = resultsDir): string {
  mkdirSync(dir, { recursive: true });
  const markdown = toMarkdown(result);
  writeFileSync(join(dir, `${result.part}.md`), markdown);
  writeFileSync(join(dir, `${result.part}.json`), `${JSON.stringify(result, null, 2)}\n`);
  return markdown;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;
}

export function formatMs(ms: number): string {
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}
