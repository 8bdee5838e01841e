import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir, settings } from './config';
import { dropDatabase } from './db';
import { medianOfRuns } from './median';
import { type PartResult, writeResult } from './results';

const PARTS = ['bytes', 'lighthouse', 'api', 'export'] as const;
type Part = (typeof PARTS)[number];

async function runPart(part: Part): Promise<PartResult> {
  switch (part) {
    case 'bytes':
      return (await import('./parts/bytes')).runBytes();
    case 'lighthouse':
      return (await import('./parts/lighthouse')).runLighthouse();
    case 'api':
      return runApiTimes(settings.apiRuns);
    case 'export':
      return (await import('./parts/export')).runExport();
  }
}

/**
 * The API part once, or `runs` times with each run's tables kept as `api-run-<n>` and the part's
 * own table the median of them (issue 17's targets are medians of runs).
 */
async function runApiTimes(runs: number): Promise<PartResult> {
  const { runApi } = await import('./parts/api');
  if (runs === 1) return runApi();
  const results: PartResult[] = [];
  for (let run = 1; run <= runs; run++) {
    console.log(`bench: api run ${run} of ${runs} ...`);
    const result = await runApi();
    writeResult({ ...result, part: `api-run-${run}` });
    results.push(result);
  }
  return medianOfRuns(results);
}

/** `median <api.json ...>`: the median table of runs made earlier, as `api-median`. */
function combineSavedRuns(files: string[]): void {
  if (files.length === 0) throw new Error('median: name the api.json files of the runs');
  const runs = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as PartResult);
  const other = runs.findIndex((run) => !run.part.startsWith('api'));
  if (other !== -1) throw new Error(`median: ${files[other]} is not a run of the API part`);
  const markdown = writeResult({ ...medianOfRuns(runs), part: 'api-median' });
  console.log(markdown);
}

async function main() {
  const [command = 'all', ...rest] = process.argv.slice(2);
  if (command === 'median') {
    combineSavedRuns(rest);
    return;
  }
  if (command === 'summary') {
    // Re-assembles summary.md from the parts' latest tables (each may have run separately).
    const sections = PARTS.map((part) => join(resultsDir, `${part}.md`))
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file, 'utf8'));
    writeFileSync(join(resultsDir, 'summary.md'), `# pnpm bench\n\n${sections.join('\n')}`);
    return;
  }
  if (command === 'seed') {
    const { seedApplicants } = await import('./seed');
    const report = await seedApplicants(settings.databaseUrl, settings.rows);
    console.log(JSON.stringify(report));
    return;
  }
  const parts: Part[] =
    command === 'all' ? [...PARTS] : PARTS.includes(command as Part) ? [command as Part] : [];
  if (parts.length === 0) {
    throw new Error(
      `unknown part "${command}": use all, ${PARTS.join(', ')}, seed, summary or median`,
    );
  }
  const sections: string[] = [];
  let failed = false;
  try {
    for (const part of parts) {
      console.log(`\nbench: ${part} ...`);
      try {
        const markdown = writeResult(await runPart(part));
        sections.push(markdown);
        console.log(`\n${markdown}`);
      } catch (error) {
        failed = true;
        console.error(`bench: ${part} failed:`, error);
        sections.push(`## ${part}\n\nFailed: ${(error as Error).message}\n`);
      }
    }
  } finally {
    // The API and export parts share one seeded database; it goes at the very end.
    if (!settings.keepDatabase && parts.some((p) => p === 'api' || p === 'export')) {
      await dropDatabase(settings.databaseUrl);
    }
  }
  if (command === 'all') {
    writeFileSync(join(resultsDir, 'summary.md'), `# pnpm bench\n\n${sections.join('\n')}`);
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
