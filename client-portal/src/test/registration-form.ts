import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedIn } from './render-app';

/** The registration form of a signed-in client with no saved form, and a user to fill it. */
export async function openForm() {
  signedIn();
  renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Registration Form' });
  // The heading paints at once; the form follows once the saved draft is read.
  await screen.findByRole('heading', { level: 2, name: 'Personal Information' });
  return userEvent.setup();
}

/** Focuses a field and pastes the text: one input event, as autofill or a paste would. */
export async function enter(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await user.click(field);
  await user.paste(text);
}

export async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText(/^Full Name/), 'Anita Nair');
  await enter(user, screen.getByLabelText(/^Contact Number/), '9876543210');
  await enter(user, screen.getByLabelText(/^Aadhaar Number/), '234567890124');
  await enter(user, screen.getByLabelText(/^PAN Number/), 'abcde1234f');
  await enter(user, screen.getByLabelText(/^Loan Amount/), '500000');
  await user.selectOptions(screen.getByLabelText(/^Loan Type/), 'Home Loan');
}

export async function fillStep2(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText(/^Bank Name/), 'State Bank of India');
  await enter(user, screen.getByLabelText(/^Account Number/), '123456789012');
  await enter(user, screen.getByLabelText(/^IFSC Code/), 'SBIN0001234');
}

export async function fillStep3(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText(/^Address/), '12 MG Road, Ernakulam');
  await enter(user, screen.getByLabelText(/^City/), 'Kochi');
  await enter(user, screen.getByLabelText(/^PIN Code/), '682011');
}

/** Fills the first two steps with valid details and ends on the last one, still empty. */
export async function toAddressStep(user: ReturnType<typeof userEvent.setup>) {
  await fillStep1(user);
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
  await screen.findByRole('heading', { level: 2, name: 'Bank Information' });
  await fillStep2(user);
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
  await screen.findByRole('heading', { level: 2, name: 'Address Information' });
}

/** Fills the three steps with valid details and ends on the last one, reviewed not yet. */
export async function fillAllSteps(user: ReturnType<typeof userEvent.setup>) {
  await toAddressStep(user);
  await fillStep3(user);
}
