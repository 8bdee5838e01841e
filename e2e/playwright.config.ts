import { defineConfig, devices } from '@playwright/test';
import { CHEAP_PHONE } from './support/cheap-phone-profile';
import { chromiumLaunchOptions } from './support/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /cheap-phone\//,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // Every client journey on a slow phone (support/cheap-phone.ts throttles each page). CI
      // runs it three times over: a race lost once in three runs is still a lost field.
      name: 'cheap-phone',
      testMatch: /cheap-phone\/.*\.spec\.ts/,
      repeatEach: process.env.CI ? 3 : 1,
      timeout: 180_000,
      expect: { timeout: 30_000 },
      use: {
        ...devices['Desktop Chrome'],
        viewport: CHEAP_PHONE.viewport,
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
});
