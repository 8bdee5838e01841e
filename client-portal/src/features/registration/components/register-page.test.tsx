import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  enter,
  fillAllSteps,
  fillStep1,
  fillStep2,
  fillStep3,
  openForm,
  toAddressStep,
} from '../../../test/registration-form';
import { API, makeApplication, server } from '../../../test/render-app';

describe('registration form', () => {
  it('shows the title, subtitle and step 1, with Previous disabled', async () => {
    await openForm();
    expect(screen.getByText('Complete your application in 3 simple steps')).toBeVisible();
    const stepHeading = screen.getByRole('heading', { level: 2, name: 'Personal Information' });
    expect(stepHeading.nextElementSibling).toHaveTextContent('Basic details and identity');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('list', { name: 'Progress' })).toHaveTextContent('Bank Information');
  });

  it('Next Step shows only step 1 messages and focuses the first invalid field', async () => {
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    const name = screen.getByLabelText(/^Full Name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Full name is required');
    for (const message of [
      'Contact number is required',
      'Aadhaar number is required',
      'PAN number is required',
      'Loan amount is required',
      'Please select a loan type',
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(screen.queryByText('Bank name is required')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  });

  it('validates on blur with the spec messages', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText(/^Full Name/), 'A1');
    await user.tab();
    expect(await screen.findByText('Please enter a valid name')).toBeVisible();
    await user.type(screen.getByLabelText(/^Contact Number/), '12345');
    await user.tab();
    expect(await screen.findByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    await user.type(screen.getByLabelText(/^Loan Amount/), '0123');
    await user.tab();
    expect(await screen.findByText('Enter a valid loan amount')).toBeVisible();
  });

  it('says under a field when the text is longer than it may be', async () => {
    const user = await openForm();
    const name = screen.getByLabelText(/^Full Name/);
    await enter(user, name, 'A'.repeat(151));
    await user.tab();
    await waitFor(() => expect(name).toHaveAccessibleDescription('Maximum 150 characters'));
    expect(screen.getByText('Maximum 150 characters')).toBeVisible();

    await user.clear(name);
    await toAddressStep(user);
    const address = screen.getByLabelText(/^Address/);
    await enter(user, address, 'B'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toHaveAccessibleDescription('Maximum 500 characters');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('focuses the first invalid field even when earlier ones are valid', async () => {
    const user = await openForm();
    await fillStep1(user);
    await user.clear(screen.getByLabelText(/^PAN Number/));
    await user.type(screen.getByLabelText(/^PAN Number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await waitFor(() => expect(screen.getByLabelText(/^PAN Number/)).toHaveFocus());
    expect(screen.getByText('Please enter a valid PAN')).toBeVisible();
  });

  it('formats the Aadhaar in groups of 4 and upper-cases the PAN while typing', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText(/^Aadhaar Number/), '234567890124');
    expect(screen.getByLabelText(/^Aadhaar Number/)).toHaveValue('2345 6789 0124');
    await user.type(screen.getByLabelText(/^PAN Number/), 'abcde1234f');
    expect(screen.getByLabelText(/^PAN Number/)).toHaveValue('ABCDE1234F');
  });

  it('lists the 37 states with Kerala chosen, and the four loan types', async () => {
    const user = await openForm();
    expect(
      within(screen.getByLabelText(/^Loan Type/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select loan type', 'Personal Loan', 'Home Loan', 'Educational Loan', 'Car Loan']);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByRole('heading', { level: 2, name: 'Bank Information' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByRole('heading', { level: 2, name: 'Address Information' });
    const state = screen.getByLabelText(/^State/);
    expect(state).toHaveValue('Kerala');
    expect(within(state).getAllByRole('option')).toHaveLength(37);
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeVisible();
  });

  it('keeps values when going back with Previous', async () => {
    const user = await openForm();
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByRole('heading', { level: 2, name: 'Bank Information' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Anita Nair');
  });

  it('reviews every value (Aadhaar in groups of 4), then submits and goes to /payment', async () => {
    const bodies: unknown[] = [];
    const user = await openForm();
    server.use(
      http.post(`${API}/api/registration/profile/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(makeApplication());
      }),
      http.get(`${API}/api/registration/application/`, () => HttpResponse.json(makeApplication())),
    );
    await toAddressStep(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await screen.findByRole('heading', { level: 2, name: 'Address Information' });
    // Only now, with step 3 still empty, nothing opens.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Address/)).toHaveFocus();
    await fillStep3(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Details' });
    expect(dialog).toHaveTextContent('Please review your information before submitting.');
    for (const text of [
      'Anita Nair',
      '9876543210',
      '2345 6789 0124',
      'ABCDE1234F',
      '₹5,00,000',
      'Home Loan',
      'State Bank of India',
      '123456789012',
      'SBIN0001234',
      '12 MG Road, Ernakulam',
      'Kochi',
      '682011',
      'Kerala',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await user.click(await screen.findByRole('checkbox', { name: /^I agree/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm & Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
    expect(bodies).toEqual([
      expect.objectContaining({
        full_name: 'Anita Nair',
        aadhaar_number: '234567890124',
        pan_number: 'ABCDE1234F',
        loan_amount: '500000',
        state: 'Kerala',
        consent_notice_version: '2026-11',
      }),
    ]);
  });

  it('shows Submitting... while busy and only logs a failed submit, closing the dialog', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    server.use(
      http.post(
        `${API}/api/registration/profile/`,
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(HttpResponse.json({ message: 'nope' }, { status: 500 }));
          }),
      ),
    );
    const user = await openForm();
    await fillAllSteps(user);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await user.click(await screen.findByRole('checkbox', { name: /^I agree/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm & Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    expect(errors).toHaveBeenCalledWith('Registration submit failed', expect.anything());
    errors.mockRestore();
  });
});
