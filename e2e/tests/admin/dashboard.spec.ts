import { createApplicant, loginAsStaff, randomWord, staffToken } from '../../support/admin';
import { expect, test } from '../../support/fixtures';

// The machine running the journeys is shared and busy; time limits leave room for that.
test.describe.configure({ timeout: 120_000 });

interface Dashboard {
  total_applicants: number;
  donut_chart: Record<string, number>;
  bar_chart: { month: number; count: number }[];
  last_five_registrations: {
    id: number;
    status: string;
    profile: { full_name: string; contact_number: string };
  }[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const capitalise = (s: string) => {
  const words = s.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

test('staff login -> dashboard cards, charts and recent applications agree with the data', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = randomWord(7);
  const newest = [await createApplicant(request, tag), await createApplicant(request, tag)];

  const token = await staffToken(request);
  const response = await request.get('/api/registration/admin/dashboard/', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const data = (await response.json()) as Dashboard;
  expect(data.total_applicants).toBeGreaterThanOrEqual(2);

  await loginAsStaff(page);
  await expect(page.getByText('Overview of your application management system')).toBeVisible();
  const summary = page.getByRole('list', { name: 'Summary' });
  const card = (label: string) => summary.getByRole('listitem').filter({ hasText: label });
  const active = Object.entries(data.donut_chart).find(([name]) =>
    name.toLowerCase().includes('active'),
  );
  await expect(card('Total Applicants')).toHaveText(
    `Total Applicants${data.total_applicants.toLocaleString('en-US')}`,
  );
  await expect(card('Recent Applications')).toHaveText(
    `Recent Applications${data.last_five_registrations.length}`,
  );
  await expect(card('Active Status')).toHaveText(`Active Status${active?.[1] ?? 0}`);
  await expect(card('This Month')).toHaveText(`This Month${data.bar_chart.at(-1)?.count ?? 0}`);

  const donut = Object.entries(data.donut_chart)
    .map(([status, count]) => `${capitalise(status)} ${count}`)
    .join(', ');
  await expect(page.getByRole('img', { name: `Applicants by Status: ${donut}` })).toBeVisible();
  const bars = data.bar_chart.map(({ month, count }) => `${MONTHS[month - 1]} ${count}`).join(', ');
  await expect(page.getByRole('img', { name: `Registrations per Month: ${bars}` })).toBeVisible();

  const table = page.getByRole('region', { name: 'Recent Applications table' }).getByRole('table');
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(data.last_five_registrations.length + 1);
  for (const [index, registration] of data.last_five_registrations.entries()) {
    const cells = rows.nth(index + 1).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(`#${registration.id}`);
    await expect(cells.nth(1)).toHaveText(registration.profile.full_name);
    await expect(cells.nth(2)).toHaveText(registration.profile.contact_number);
    await expect(cells.nth(3)).toHaveText(capitalise(registration.status));
    await expect(cells.nth(4)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  }
  // The two applications just made are the newest ones.
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(newest[1]!.fullName);
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText(newest[0]!.fullName);
});
