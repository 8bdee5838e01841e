import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  type Applicant,
  createApplicant,
  kolkataToday,
  loginAsStaff,
  randomWord,
} from '../../support/admin';
import { expect, test } from '../../support/fixtures';

// The machine running the journeys is shared and busy; time limits leave room for that.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const tag = randomWord(9);
let applicants: Applicant[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  // 12 applicants share a tag in their names: more than one page of 10.
  for (let i = 0; i < 12; i += 1) applicants.push(await createApplicant(request, tag));
  await request.dispose();
});

test.afterAll(() => {
  applicants = [];
});

function ui(page: Page) {
  return {
    search: page.getByPlaceholder('Search name, contact, PAN...'),
    from: page.getByLabel('From', { exact: true }),
    to: page.getByLabel('To', { exact: true }),
    total: page.getByRole('heading', { level: 2, name: /^\d+ Applicants$/ }),
    rows: page.getByRole('region', { name: 'Applicants table' }).locator('tbody tr'),
    pagination: page.getByRole('navigation', { name: 'Pagination' }),
    names: async () =>
      page
        .getByRole('region', { name: 'Applicants table' })
        // The name: a link to the applicant's page, or plain text without a registration.
        .locator('tbody tr td:first-child > :first-child')
        .allTextContents(),
  };
}

async function openApplicants(page: Page) {
  await loginAsStaff(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Applicants' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
  const view = ui(page);
  await expect(view.total).toBeVisible();
  await expect(page.getByText('Loading profiles...')).toHaveCount(0);
  return view;
}

/** Types a search and waits for the list request that carries it (the box is debounced). */
async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/registration/admin/profiles/' &&
      url.searchParams.get('search') === text
    );
  });
  await page.getByPlaceholder('Search name, contact, PAN...').fill(text);
  await answered;
  await settle(page);
}

async function settle(page: Page) {
  // The overlay is up while a request runs; waiting for it to go means the list is current.
  await expect(page.getByText('Loading profiles...')).toHaveCount(0);
}

test('the default dates, search narrowing the list and pages moving', async ({ page }) => {
  const view = await openApplicants(page);
  await expect(view.from).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(view.to).toHaveValue(kolkataToday());
  await expect(
    page.getByText('Use filters to narrow results. Exports respect current date range.'),
  ).toBeVisible();
  const everyone = Number((await view.total.textContent())?.split(' ')[0]);
  expect(everyone).toBeGreaterThanOrEqual(12);

  await searchFor(page, tag);
  await expect(view.total).toHaveText('12 Applicants');
  await settle(page);
  await expect(view.rows).toHaveCount(10);
  await expect(view.pagination).toContainText('Showing 1 to 10 of 12 results');
  await expect(view.pagination).toContainText('Page 1 of 2');
  await expect(view.pagination.getByRole('button', { name: 'Prev' })).toBeDisabled();
  const firstPage = await view.names();

  await view.pagination.getByRole('button', { name: 'Next' }).click();
  await expect(view.pagination).toContainText('Page 2 of 2');
  await expect(view.pagination).toContainText('Showing 11 to 12 of 12 results');
  await expect(view.rows).toHaveCount(2);
  await expect(view.pagination.getByRole('button', { name: 'Next' })).toBeDisabled();
  const secondPage = await view.names();
  const shown = [...firstPage, ...secondPage].sort();
  expect(shown).toEqual(applicants.map((a) => a.fullName).sort());

  // A narrower search goes back to page 1 and drops the pagination.
  const one = applicants[3]!;
  await searchFor(page, one.fullName);
  await expect(view.total).toHaveText('1 Applicants');
  await expect(view.rows).toHaveCount(1);
  await expect(view.rows.first()).toContainText(one.phone);
  await expect(view.pagination).toHaveCount(0);

  // By contact number too.
  await searchFor(page, one.phone);
  await expect(view.total).toHaveText('1 Applicants');

  await searchFor(page, `${tag}zzz`);
  await expect(page.getByText('No profiles found.')).toBeVisible();
  await expect(view.total).toHaveText('0 Applicants');
});

test('dates narrow the list; Reset brings the defaults back', async ({ page }) => {
  const view = await openApplicants(page);
  const defaultFrom = await view.from.inputValue();
  await searchFor(page, tag);
  await expect(view.total).toHaveText('12 Applicants');

  const yesterday = kolkataToday(-1);
  await view.to.fill(yesterday);
  await expect(view.total).toHaveText('0 Applicants');
  await expect(page.getByText('No profiles found.')).toBeVisible();

  await view.to.fill(kolkataToday());
  await view.from.fill(kolkataToday());
  await expect(view.total).toHaveText('12 Applicants');

  await view.from.fill(kolkataToday(1));
  await view.to.fill(kolkataToday(1));
  await expect(view.total).toHaveText('0 Applicants');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(view.search).toHaveValue('');
  await expect(view.from).toHaveValue(defaultFrom);
  await expect(view.to).toHaveValue(kolkataToday());
  await settle(page);
  const total = Number((await view.total.textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(12);
});

test('the export downloads a spreadsheet whose rows match the filtered list', async ({ page }) => {
  const view = await openApplicants(page);
  await searchFor(page, tag);
  await expect(view.total).toHaveText('12 Applicants');
  await settle(page);
  const from = await view.from.inputValue();
  const to = await view.to.inputValue();
  const listed = await view.names();
  await view.pagination.getByRole('button', { name: 'Next' }).click();
  await expect(view.pagination).toContainText('Page 2 of 2');
  listed.push(...(await view.names()));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Profiles_${from}_to_${to}.xlsx`);
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const nameColumn = header.indexOf('Full Name') + 1;
  const phoneColumn = header.indexOf('Contact Number') + 1;
  expect(nameColumn).toBeGreaterThan(0);
  const exported: { name: string; phone: string }[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    exported.push({
      name: String(row.getCell(nameColumn).value),
      phone: String(row.getCell(phoneColumn).value),
    });
  });
  expect(exported.map((r) => r.name).sort()).toEqual([...listed].sort());
  expect(exported.map((r) => r.phone).sort()).toEqual(applicants.map((a) => a.phone).sort());
});

test('toggling delivered persists after a reload; Cancel leaves it unchanged', async ({ page }) => {
  const one = applicants[7]!;
  const view = await openApplicants(page);
  const box = page.getByRole('checkbox', { name: `Delivered: ${one.fullName}` });
  const findOne = async () => {
    await searchFor(page, one.fullName);
    await expect(view.total).toHaveText('1 Applicants');
    await settle(page);
  };
  await findOne();
  await expect(box).not.toBeChecked();

  await box.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Change' });
  await expect(dialog).toContainText('Do you want to change the delivered status?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(box).not.toBeChecked();
  await page.reload();
  await findOne();
  await expect(box).not.toBeChecked();

  await box.click();
  await dialog.getByRole('button', { name: 'Yes, Change' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(box).toBeChecked();
  await page.reload();
  await findOne();
  await expect(box).toBeChecked();

  // And back: the toggle flips, it does not only set.
  await box.click();
  await dialog.getByRole('button', { name: 'Yes, Change' }).click();
  await expect(box).not.toBeChecked();
});
