import { expect, test } from '../../support/fixtures';

// Issue 17: a form's rules (yup and the schemas, 13 KB gzip) are not among what a page's first
// paint waits for. They are fetched when a field is first focused (or in idle time a while after
// the page has loaded), and the form checks what was typed as before.
test('the login form fetches its rules when a field is focused, and checks the field on leaving it', async ({
  page,
}) => {
  const asked: { at: number }[] = [];
  let loadedAt = Number.POSITIVE_INFINITY;
  page.on('request', (request) => {
    if (/\/form-schemas-[\w-]+\.js$/.test(request.url())) asked.push({ at: Date.now() });
  });
  page.on('load', () => {
    loadedAt = Date.now();
  });

  await page.goto('/login');
  const mobile = page.getByLabel(/^Mobile Number/);
  await expect(mobile).toBeEditable();
  await page.waitForLoadState('load');
  expect(asked.filter((request) => request.at <= loadedAt)).toEqual([]);

  await mobile.focus();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await mobile.blur();
  await expect(page.getByText('Mobile number is required')).toBeVisible();

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
});
