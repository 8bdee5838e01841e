import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Applicant, createApplicant, loginAsStaff, randomWord } from '../../support/admin';
import { signInViaUi } from '../../support/client';
import { expect, test } from '../../support/fixtures';

// Staff decide, the client follows: each journey drives both portals in their own browser.
test.describe.configure({ timeout: 180_000 });

/** Pays the fee the way the checkout does: an order, then the simulator's SUCCESS. */
async function pay(request: APIRequestContext, applicant: Applicant): Promise<void> {
  const headers = { authorization: `Bearer ${applicant.access}` };
  const order = await request.post('/api/registration/cashfree/create-order/', {
    headers,
    data: { amount: 10 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { payment_session_id } = (await order.json()) as { payment_session_id: string };
  const done = await request.post(`/payments-simulator/sessions/${payment_session_id}/complete`, {
    data: { outcome: 'SUCCESS' },
  });
  expect(done.ok(), await done.text()).toBe(true);
}

/** A paid applicant whose name carries a tag no one else has. */
async function paidApplicant(request: APIRequestContext): Promise<Applicant> {
  const applicant = await createApplicant(request, randomWord(10));
  await pay(request, applicant);
  return applicant;
}

/** Staff open the applicant from the list, by searching their number. */
async function openApplicant(browser: Browser, applicant: Applicant): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAsStaff(page);
  await page.goto('/portal-admin/applicants');
  await page.getByPlaceholder('Search name, contact, PAN...').fill(applicant.phone);
  await page.getByRole('link', { name: applicant.fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: applicant.fullName })).toBeVisible();
  return page;
}

/** Clicks an action and confirms it in its dialog; waits for the new status badge. */
async function move(page: Page, action: string, badge: string, reason?: string) {
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: `${action}?` });
  if (reason) await dialog.getByLabel('Reason (shown to the applicant)').fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(badge, { exact: true })).toBeVisible();
}

async function clientStatusPage(browser: Browser, applicant: Applicant): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaUi(page, applicant.phone, applicant.password);
  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Application Status' })).toBeVisible();
  return page;
}

/** The status SMS bodies sent to `phone`, oldest first, once the worker has sent `count`. */
async function statusSms(request: APIRequestContext, phone: string, count: number) {
  let bodies: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
        const { messages } = (await res.json()) as { messages: { body: string; code: string }[] };
        bodies = messages
          .filter((m) => m.code === '')
          .map((m) => m.body)
          .reverse();
        return bodies.length;
      },
      { timeout: 30_000, message: `${count} status SMS to ${phone}` },
    )
    .toBe(count);
  return bodies;
}

test('staff review, approve and disburse; the client sees each step and an SMS for each', async ({
  browser,
  request,
}) => {
  const applicant = await paidApplicant(request);
  const staff = await openApplicant(browser, applicant);
  await expect(staff.getByText('PAID', { exact: true })).toBeVisible();
  // Identity numbers are masked until staff reveal one (issue 15); the reveal is audited.
  const details = staff.getByRole('region', { name: 'Applicant details' });
  await expect(details).toContainText('XXXX XXXX 2513');
  await expect(details).not.toContainText('7040 7441 2513');
  await details.getByRole('button', { name: 'Reveal Aadhaar number' }).click();
  await expect(details).toContainText('7040 7441 2513');
  // The client watches their status page while staff move the application, step by step.
  const client = await clientStatusPage(browser, applicant);
  const steps = client.getByRole('list', { name: 'Application progress' }).getByRole('listitem');
  await expect(steps.nth(1)).toContainText('Paid (current step)');
  for (const [action, badge, step, label] of [
    ['Start review', 'UNDER REVIEW', 2, 'Under review'],
    ['Approve', 'APPROVED', 3, 'Approved'],
    ['Disburse', 'ACTIVE', 4, 'Active'],
  ] as const) {
    await move(staff, action, badge);
    await client.reload();
    await expect(steps.nth(step)).toContainText(`${label} (current step)`);
    await expect(steps.nth(step - 1)).toContainText('(completed)');
  }
  const history = staff.getByRole('list', { name: 'Status history' });
  await expect(history.getByRole('listitem')).toHaveCount(5);
  await expect(history).toContainText('Approved → Active');

  await expect(client.getByRole('heading', { name: 'Loan Disbursed' })).toBeVisible();
  await expect(steps).toHaveCount(6);
  for (const [index, label] of ['Draft', 'Paid', 'Under review', 'Approved'].entries()) {
    await expect(steps.nth(index)).toContainText(`${label} (completed)`);
  }
  await expect(steps.nth(4)).toContainText('Active (current step)');
  await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(5)).toContainText('Closed (not yet)');

  const id = (await (
    await request.get('/api/registration/application/', {
      headers: { authorization: `Bearer ${applicant.access}` },
    })
  ).json()) as { application_id: number };
  const sms = await statusSms(request, applicant.phone, 4);
  expect(sms).toEqual([
    `Loan Portal: We have received the fee for your loan application #${id.application_id}. We will review it soon.`,
    `Loan Portal: Your loan application #${id.application_id} is now under review.`,
    `Loan Portal: Good news: your loan application #${id.application_id} has been approved.`,
    `Loan Portal: The loan of your application #${id.application_id} has been disbursed to your bank account.`,
  ]);
});

test('staff reject with a reason; the client reads it on the status page', async ({
  browser,
  request,
}) => {
  const reason = 'The income documents could not be verified.';
  const applicant = await paidApplicant(request);
  const staff = await openApplicant(browser, applicant);
  await move(staff, 'Start review', 'UNDER REVIEW');
  // The dialog refuses a reason that is too short before anything is sent.
  await staff
    .getByRole('region', { name: 'Actions' })
    .getByRole('button', { name: 'Reject' })
    .click();
  const dialog = staff.getByRole('dialog', { name: 'Reject?' });
  await dialog.getByLabel('Reason (shown to the applicant)').fill('Too short');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please give a reason of at least 10 characters.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await move(staff, 'Reject', 'REJECTED', reason);
  await expect(staff.getByRole('list', { name: 'Status history' })).toContainText(
    `Reason: ${reason}`,
  );

  const client = await clientStatusPage(browser, applicant);
  await expect(client.getByRole('heading', { name: 'Application Not Approved' })).toBeVisible();
  const steps = client.getByRole('list', { name: 'Application progress' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(3)).toContainText('Rejected (stopped here)');
  await expect(steps.nth(3)).toContainText(`Reason: ${reason}`);
  const sms = await statusSms(request, applicant.phone, 3);
  expect(sms[2]).toMatch(/was not approved\. Sign in to see the reason\.$/);
});
