import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillAllSteps, openForm } from '../../../test/registration-form';

// The review dialog's code fails to arrive the first time it is asked for (a phone that lost its
// network), then arrives.
const failures = vi.hoisted(() => ({ left: 1 }));
vi.mock('@loan-portal/ui-kit/confirm-dialog', async (importOriginal) => {
  if (failures.left > 0) {
    failures.left -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

describe('registration form without the review dialog code', () => {
  it('keeps the form and its values, and asks for the dialog again at the next Complete', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await openForm();
    await fillAllSteps(user);
    // The last step asked for the dialog's code, and it failed.
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not load a part of this page', expect.anything()),
    );
    expect(screen.getByLabelText(/^City/)).toHaveValue('Kochi');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Your Details' })).toHaveTextContent(
      'Anita Nair',
    );
    error.mockRestore();
  });
});
