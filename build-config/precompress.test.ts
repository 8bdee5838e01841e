import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'precompress.mjs');
let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('loan-portal-precompress', () => {
  it('writes .br and .gz of the same bytes beside a compressible file, only where smaller', async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    const big = 'export const words = "Loans made easy, secure & fast.";\n'.repeat(200);
    await writeFile(join(dir, 'app.js'), big);
    await writeFile(join(dir, 'tiny.css'), 'a{}');
    await writeFile(join(dir, 'logo.png'), big);

    const { stdout } = await run(process.execPath, [script, dir]);

    expect(stdout).toContain(`precompressed 1 files in ${dir}`);
    expect((await readdir(dir)).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'logo.png',
      'tiny.css',
    ]);
    expect(brotliDecompressSync(await readFile(join(dir, 'app.js.br'))).toString()).toBe(big);
    expect(gunzipSync(await readFile(join(dir, 'app.js.gz'))).toString()).toBe(big);
  });

  it('says how to call it when the directory is missing', async () => {
    await expect(run(process.execPath, [script])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: loan-portal-precompress <dir>'),
    });
  });
});
