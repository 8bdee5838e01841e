import { defineConfig, devices } from '@playwright/test';
import { CHEAP_PHONE } from './support/cheap-phone-profile';
import { chromiumLaunchOptions } from './support/chromium';

/** Chromium at 360×740, CPU 6× slower, slow 4G (the throttling is in support/fixtures.ts). */
const cheapPhone = {
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    ...devices['Desktop Chrome'],
    viewport: CHEAP_PHONE.viewport,
    isMobile: false,
    hasTouch: true,
  },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker per project: each project's journeys run one after another, and the two projects
  // run side by side (the throttled phone mostly waits, so the 2 cores are not doubled up).
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // CI runs on a shared 2-core machine beside the phone project: there the journeys took 20
  // minutes instead of 10, and a signed-out /dashboard's redirect to /login once outlasted a
  // 10 s wait (the only failure of 83). A wait ends as soon as its condition holds, so a longer
  // one costs a passing test nothing.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  // The digest repeats each failure's error after the summary, where CI's record can show it.
  reporter: [['list'], ['./support/failure-digest-reporter.ts']],
  globalSetup: './support/global-setup.ts',
  use: {
    launchOptions: chromiumLaunchOptions,
    // A failed journey keeps its trace (actions, DOM at each step, network, console) and a
    // screenshot of where it stopped. The trace's film strip is left out: encoding a frame of
    // every paint was a fifth of the journeys' CPU (two spec files: 69.0 s with it, 55.5 s
    // without, 54.5 s with no trace at all; bench/README.md, F27), and CI is CPU-bound.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      testIgnore: /cheap-phone\//,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // Every client journey on a slow phone (support/fixtures.ts throttles each page of the
      // cheap-phone projects).
      ...cheapPhone,
      name: 'cheap-phone',
      testMatch:
        /(cheap-phone\/.*|client\/(apply-and-pay|password-reset|payment-failure))\.spec\.ts$/,
    },
    // CI runs the races only a slow phone shows (a field typed right after navigating, double
    // taps, the back button) twice more: a race lost once in three runs is still a lost field.
    // The longer client journeys run once, which keeps CI within its 30 minutes (three times
    // over, the phone project alone took 32 minutes at a load of 15).
    ...(process.env.CI
      ? [
          {
            ...cheapPhone,
            name: 'cheap-phone-again',
            testMatch: /cheap-phone\/.*\.spec\.ts$/,
            repeatEach: 2,
          },
        ]
      : []),
  ],
});
