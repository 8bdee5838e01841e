import { jsdomTestProjects } from '@loan-portal/build-config/jsdom-test-projects';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // jsdom + axe runs take seconds on a busy CI machine running every package at once.
    testTimeout: 30_000,
    setupFiles: ['./vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    projects: jsdomTestProjects(new URL('.', import.meta.url)),
  },
});
