import { fileURLToPath } from 'node:url';

// This file sits one level under server/ both as source (src/) and bundled (dist/server.js),
// so the package root is the same either way.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const migrationsFolder = `${serverRoot}drizzle`;
