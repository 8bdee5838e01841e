import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillStep1, openForm } from '../../../test/registration-form';

// The form's rules cannot be fetched (the phone lost its network after the page loaded), then can.
const network = vi.hoisted(() => ({ offline: true }));
vi.mock('../../../lib/form-schemas', async (importOriginal) => {
  if (network.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('registration form without its rules', () => {
  it('stays on the step and says so, then checks and moves on once the rules arrive', async () => {
    const user = await openForm();
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));

    const name = screen.getByLabelText(/^Full Name/);
    expect(await screen.findByText('Network Error')).toBeVisible();
    expect(name).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();

    network.offline = false;
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bank Information' }),
    ).toBeVisible();
    expect(screen.queryByText('Network Error')).toBeNull();
  });
});
