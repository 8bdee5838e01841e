import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['./src/test/database-templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A worker per core (Vitest leaves one core free): each file waits on its database much of
    // the time. On 2 cores, the PostgreSQL run took 174 s instead of 266 s, and CI's unit step
    // (this suite on PGlite beside the other packages, two at a time) 347 s instead of 424 s.
    maxWorkers: availableParallelism(),
  },
});
