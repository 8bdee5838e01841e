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
    // A worker runs its files in one module graph instead of importing Fastify, Drizzle, PGlite,
    // pdfkit and the app again for each of the 78 files (about 2 s each): on a quiet 2-core
    // machine the PGlite run took 230 s instead of 367 s (bench/README.md, F27). Each test still
    // builds its own app on its own database; an app's state (config, metrics registry, queue)
    // is its own, and of the two values modules keep, each buildApp sets the password-hashing
    // gate and the IFSC directory is only read. Shuffled file orders pass too (--sequence.shuffle).
    isolate: false,
  },
});
