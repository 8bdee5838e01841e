import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir, settings } from './config';
import { dropDatabase } from './db';
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
      return (await import('./parts/api')).runApi();
    case 'export':
      return (await import('./parts/export')).runExport();
  }
}

async function main() {
  const [command = 'all'] = process.argv.slice(2);
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
    throw new Error(`unknown part "${command}": use all, ${PARTS.join(', ')}, seed or summary`);
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
