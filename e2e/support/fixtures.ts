import { test as base, expect } from '@playwright/test';
import { lostInput, throttle, watchTypedValues } from './cheap-phone';

/** The cheap-phone projects: every journey once, and in CI the phone's races twice more. */
const onCheapPhone = (project: string) => project.startsWith('cheap-phone');

/** baseURL is the production server started by global-setup on a free port. */
export const test = base.extend<{ cheapPhone: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    const url = onCheapPhone(testInfo.project.name)
      ? (process.env.E2E_CHEAP_PHONE_BASE_URL ?? process.env.E2E_BASE_URL)
      : process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
  // In the cheap-phone project every page is throttled to a cheap phone on slow 4G, and a test
  // fails when the screen threw away something typed, even if the journey itself went on.
  cheapPhone: [
    async ({ page }, use, testInfo) => {
      if (!onCheapPhone(testInfo.project.name)) return use(undefined);
      await page.addInitScript(watchTypedValues);
      await throttle(page);
      await use(undefined);
      expect(await lostInput(page), 'typed values the screen threw away').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
