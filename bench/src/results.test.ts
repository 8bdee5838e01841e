import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PartResult, toMarkdown, verdict, writeResult } from './results';

const result: PartResult = {
  part: 'api',
  title: 'API at scale',
  referenceHeading: 'Same SQL direct',
  rows: [
    {
      measure: 'Admin list | no search',
      figure: 'p95 80 ms',
      reference: '12 ms',
      target: 'p95 ≤ 50 ms',
      verdict: verdict(80 <= 50),
      note: 'two\nlines',
    },
    { measure: 'Client GET', figure: '3,200 req/s', verdict: verdict(3200 >= 3000) },
  ],
  conditions: {
    startedAt: '2026-11-22T10:00:00.000Z',
    finishedAt: '2026-11-22T10:01:00.000Z',
    loadAverageAtStart: [0.5, 0.4, 0.3],
    loadAverageAtEnd: [1.5, 0.6, 0.4],
    cpus: 2,
    memoryGb: 24,
    node: 'v20.20.2',
    commit: 'abc1234',
    settings: { rows: 1000 },
  },
  notes: ['Figures from autocannon.'],
};

describe('result tables', () => {
  it('never counts a missing figure as met', () => {
    expect(verdict(undefined)).toBe('n/a');
    expect(verdict(true)).toBe('met');
    expect(verdict(false)).toBe('missed');
  });

  it('renders a Markdown table that marks misses and keeps cells on one line', () => {
    const markdown = toMarkdown(result);
    expect(markdown).toContain('| Measure | Figure | Same SQL direct | Target | Verdict | Note |');
    expect(markdown).toContain(
      '| Admin list \\| no search | p95 80 ms | 12 ms | p95 ≤ 50 ms | **missed** | two lines |',
    );
    expect(markdown).toContain('| Client GET | 3,200 req/s |  |  | met |  |');
    expect(markdown).toContain('commit abc1234, 2 CPUs, 24 GB');
    expect(markdown).toContain('- Figures from autocannon.');
  });

  it('writes the Markdown and the JSON side by side', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
    writeResult(result, dir);
    expect(readFileSync(join(dir, 'api.md'), 'utf8')).toBe(toMarkdown(result));
    expect(JSON.parse(readFileSync(join(dir, 'api.json'), 'utf8'))).toEqual(result);
  });
});
