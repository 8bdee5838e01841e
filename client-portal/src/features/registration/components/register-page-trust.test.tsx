import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { enter } from '../../../test/registration-form';
import { API, makeApplication, renderApp, server, signedIn } from '../../../test/render-app';
import { DRAFT_SAVE_DELAY_MS } from '../hooks/use-profile-draft';

// Issue 18: consent before submitting, IFSC from RBI's list, and a form that resumes.

type User = ReturnType<typeof userEvent.setup>;

async function openForm() {
  signedIn();
  renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Registration Form' });
  // The heading paints at once; the form follows once the saved draft is read.
  await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
  return userEvent.setup();
}

async function fillStep1(user: User) {
  await enter(user, screen.getByLabelText(/^Full Name/), 'Anita Nair');
  await enter(user, screen.getByLabelText(/^Contact Number/), '9876543210');
  await enter(user, screen.getByLabelText(/^Aadhaar Number/), '234567890124');
  await enter(user, screen.getByLabelText(/^PAN Number/), 'ABCDE1234F');
  await enter(user, screen.getByLabelText(/^Loan Amount/), '500000');
  await user.selectOptions(screen.getByLabelText(/^Loan Type/), 'Home Loan');
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
  await screen.findByRole('heading', { level: 2, name: 'Bank Information' });
}

async function fillStep3(user: User) {
  await enter(user, screen.getByLabelText(/^Address/), '12 MG Road, Ernakulam');
  await enter(user, screen.getByLabelText(/^City/), 'Kochi');
  await enter(user, screen.getByLabelText(/^PIN Code/), '682011');
}

describe('consent in the review dialog', () => {
  it('is unticked, states the purpose, and keeps Confirm & Submit disabled until ticked', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/registration/profile/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(makeApplication());
      }),
    );
    const user = await openForm();
    await fillStep1(user);
    await enter(user, screen.getByLabelText(/^Account Number/), '123456789012');
    await enter(user, screen.getByLabelText(/^IFSC Code/), 'SBIN0001234');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Bank Name/)).toHaveValue('State Bank of India'),
    );
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByRole('heading', { level: 2, name: 'Address Information' });
    await fillStep3(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Details' });
    const consent = within(dialog).getByRole('checkbox', {
      name: /my details are used for my loan application and its verification/,
    });
    expect(consent).not.toBeChecked();
    const submit = within(dialog).getByRole('button', { name: 'Confirm & Submit' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Read the privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expectNoAxeViolations(dialog);
    await user.click(submit);
    expect(bodies).toHaveLength(0);

    await user.click(consent);
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ consent_notice_version: '2026-11' });
  });

  it('asks again each time the dialog opens', async () => {
    const user = await openForm();
    await fillStep1(user);
    await enter(user, screen.getByLabelText(/^Account Number/), '123456789012');
    await enter(user, screen.getByLabelText(/^IFSC Code/), 'SBIN0001234');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByRole('heading', { level: 2, name: 'Address Information' });
    await fillStep3(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await user.click(await screen.findByRole('checkbox', { name: /^I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByRole('checkbox', { name: /^I agree/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Confirm & Submit' })).toBeDisabled();
  });
});

describe('IFSC from RBI list', () => {
  it('fills the bank name from a listed code, and the name stays editable', async () => {
    const user = await openForm();
    await fillStep1(user);
    const bank = screen.getByLabelText(/^Bank Name/);
    await enter(user, screen.getByLabelText(/^IFSC Code/), 'sbin0001234');
    await waitFor(() => expect(bank).toHaveValue('State Bank of India'));
    expect(screen.queryByText("IFSC not found in RBI's list. Please check it.")).toBeNull();
    await user.clear(bank);
    await user.type(bank, 'SBI Kochi Main');
    expect(bank).toHaveValue('SBI Kochi Main');
  });

  it('warns under the field for a code not in the list, and goes on once confirmed', async () => {
    const user = await openForm();
    await fillStep1(user);
    await enter(user, screen.getByLabelText(/^Bank Name/), 'New Bank');
    await enter(user, screen.getByLabelText(/^Account Number/), '123456789012');
    const ifsc = screen.getByLabelText(/^IFSC Code/);
    await enter(user, ifsc, 'ABCD0123456');
    const warning = await screen.findByText("IFSC not found in RBI's list. Please check it.");
    expect(warning).toBeVisible();
    expect(ifsc).toHaveAccessibleDescription(
      "IFSC not found in RBI's list. Please check it. I have checked it",
    );
    // The bank name typed is kept.
    expect(screen.getByLabelText(/^Bank Name/)).toHaveValue('New Bank');

    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    const confirm = screen.getByRole('checkbox', { name: 'I have checked it' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(screen.getByRole('heading', { level: 2, name: 'Bank Information' })).toBeVisible();
    await expectNoAxeViolations(document.body);

    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Address Information' }),
    ).toBeVisible();
  });

  it('says nothing while the code is incomplete, and the form rule speaks for a bad one', async () => {
    const user = await openForm();
    await fillStep1(user);
    const ifsc = screen.getByLabelText(/^IFSC Code/);
    await enter(user, ifsc, 'ABCD1');
    await user.tab();
    expect(await screen.findByText('Enter a valid IFSC code (e.g., ABCD0123456)')).toBeVisible();
    expect(screen.queryByText("IFSC not found in RBI's list. Please check it.")).toBeNull();
  });
});

describe('a form that resumes', () => {
  it('opens at the saved step with the saved values (another device), and saves as it moves', async () => {
    signedIn();
    const saves: { step: number; values: Record<string, string> }[] = [];
    server.use(
      http.get(`${API}/api/registration/draft/`, () =>
        HttpResponse.json({
          step: 1,
          values: {
            full_name: 'Anita Nair',
            contact_number: '9876543210',
            aadhaar_number: '2345 6789 0124',
            pan_number: 'ABCDE1234F',
            loan_amount: '500000',
            loan_type: 'Home Loan',
            account_number: '123456789012',
            state: 'Kerala',
          },
          updated_at: '2026-11-25T07:00:00.000Z',
        }),
      ),
      http.put(`${API}/api/registration/draft/`, async ({ request }) => {
        const body = (await request.json()) as (typeof saves)[number];
        saves.push(body);
        return HttpResponse.json({ ...body, updated_at: new Date().toISOString() });
      }),
    );
    renderApp('/register');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bank Information' }),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Account Number/)).toHaveValue('123456789012');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Anita Nair');
    expect(screen.getByLabelText(/^Aadhaar Number/)).toHaveValue('2345 6789 0124');
    // Opening saved nothing; moving back a step is saved (debounced).
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ step: 0 }), { timeout: 5000 });
    expect(saves.at(-1)!.values).toMatchObject({ full_name: 'Anita Nair', state: 'Kerala' });
    // Empty fields are not sent.
    expect(saves.at(-1)!.values).not.toHaveProperty('bank_name');
  });

  it("keeps a bank name the client edited when the resumed draft's listed IFSC is looked up", async () => {
    signedIn();
    const lookups: string[] = [];
    const saves: { step: number; values: Record<string, string> }[] = [];
    server.use(
      http.get(`${API}/api/registration/draft/`, () =>
        HttpResponse.json({
          step: 1,
          values: {
            full_name: 'Anita Nair',
            contact_number: '9876543210',
            aadhaar_number: '2345 6789 0124',
            pan_number: 'ABCDE1234F',
            loan_amount: '500000',
            loan_type: 'Home Loan',
            bank_name: 'HDFC Bank, Kochi',
            account_number: '123456789012',
            ifsc_code: 'HDFC0000123',
            state: 'Kerala',
          },
          updated_at: '2026-11-25T07:00:00.000Z',
        }),
      ),
      http.get(`${API}/api/registration/ifsc/:code/`, ({ params }) => {
        const code = String(params.code);
        lookups.push(code);
        const hdfc = code.startsWith('HDFC');
        return HttpResponse.json({
          ifsc: code,
          bank_code: code.slice(0, 4),
          bank: hdfc ? 'HDFC Bank' : 'State Bank of India',
        });
      }),
      http.put(`${API}/api/registration/draft/`, async ({ request }) => {
        const body = (await request.json()) as (typeof saves)[number];
        saves.push(body);
        return HttpResponse.json({ ...body, updated_at: new Date().toISOString() });
      }),
    );
    renderApp('/register');
    await screen.findByRole('heading', { level: 2, name: 'Bank Information' });
    const bank = screen.getByLabelText(/^Bank Name/);
    expect(bank).toHaveValue('HDFC Bank, Kochi');
    // The resumed code is looked up (and found in the list)...
    await waitFor(() => expect(lookups).toEqual(['HDFC0000123']));
    // ...and past its answer and the draft save's delay, the edit stands and nothing was saved.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 400));
    expect(bank).toHaveValue('HDFC Bank, Kochi');
    expect(saves).toEqual([]);

    // A code the client types still names its bank, and the name stays editable.
    const user = userEvent.setup();
    const ifsc = screen.getByLabelText(/^IFSC Code/);
    await user.clear(ifsc);
    await enter(user, ifsc, 'SBIN0001234');
    await waitFor(() => expect(bank).toHaveValue('State Bank of India'));
    await user.clear(bank);
    await user.type(bank, 'SBI Kochi Main');
    await waitFor(
      () =>
        expect(saves.at(-1)?.values).toMatchObject({
          bank_name: 'SBI Kochi Main',
          ifsc_code: 'SBIN0001234',
        }),
      { timeout: 5000 },
    );
  });

  it('saves what is typed, once typing pauses', async () => {
    const saves: unknown[] = [];
    const user = await openForm();
    server.use(
      http.put(`${API}/api/registration/draft/`, async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ step: 0, values: {}, updated_at: new Date().toISOString() });
      }),
    );
    await enter(user, screen.getByLabelText(/^Full Name/), 'Anita');
    await enter(user, screen.getByLabelText(/^Contact Number/), '9876543210');
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 5000 });
    expect(saves[0]).toEqual({
      step: 0,
      values: { full_name: 'Anita', contact_number: '9876543210', state: 'Kerala' },
    });
  });

  it('shows its heading before the saved draft is read, then opens the form with it', async () => {
    // Issue 17: the heading (the page's largest paint) waited for the draft's request.
    signedIn();
    let send: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      send = resolve;
    });
    server.use(
      http.get(`${API}/api/registration/draft/`, async () => {
        await sent;
        return HttpResponse.json({
          step: 2,
          values: { full_name: 'Anita Nair', city: 'Kochi' },
          updated_at: '2026-11-25T07:00:00.000Z',
        });
      }),
    );
    renderApp('/register');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Registration Form' });
    expect(screen.getByText('Complete your application in 3 simple steps')).toBeVisible();
    expect(screen.getByText('Loading your application...')).toBeInTheDocument();
    // No blank form the draft would then overwrite.
    expect(screen.queryByRole('textbox')).toBeNull();

    send();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Address Information' }),
    ).toBeVisible();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Kochi');
    expect(screen.queryByText('Loading your application...')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Registration Form' })).toBe(heading);
  });

  it('starts blank when the draft cannot be read', async () => {
    signedIn();
    server.use(
      http.get(`${API}/api/registration/draft/`, () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    );
    const errors = (await import('vitest')).vi
      .spyOn(console, 'error')
      .mockImplementation(() => undefined);
    renderApp('/register');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('');
    errors.mockRestore();
  });
});
