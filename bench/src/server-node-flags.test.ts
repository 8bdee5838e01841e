import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

describe("the production server's Node flags", () => {
  it('are what `pnpm serve` passes, and cap the heap the bench and the cluster run with', () => {
    const flags = serverNodeFlags();
    expect(flags).toContain('--max-old-space-size=512');
    // The flags as a Node started by the bench, the cluster or the journeys receives them.
    const run = spawnSync(
      process.execPath,
      [...flags, '-e', "console.log(require('node:v8').getHeapStatistics().heap_size_limit)"],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const limit = Number(run.stdout.trim());
    // The old generation's 512 MB plus the young generation's semi-spaces.
    expect(limit).toBeGreaterThan(512 * 1024 * 1024);
    expect(limit).toBeLessThan(640 * 1024 * 1024);
  });
});
