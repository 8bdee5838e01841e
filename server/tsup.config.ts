import { defineConfig } from 'tsup';

// One ESM file; workspace packages (api-client) are bundled, npm dependencies stay external.
export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@loan-portal\//],
});
