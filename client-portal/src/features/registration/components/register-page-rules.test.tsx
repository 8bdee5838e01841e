import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillStep1, openForm } from '../../../test/registration-form';

// The form's rules (yup and the schemas) are a chunk of their own (lib/form-rules.ts). Here they
// are held back until the test lets them through, as a slow phone would hold them.
const rules = vi.hoisted(() => {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('../../../lib/form-schemas', async (importOriginal) => {
  await rules.arrived;
  return importOriginal();
});

describe('registration form while its rules are on their way', () => {
  it('moves one step for two taps on Next, never past a step nobody checked', async () => {
    const user = await openForm();
    await fillStep1(user);
    const next = screen.getByRole('button', { name: 'Next Step' });
    await user.click(next);
    await user.click(next);
    rules.release();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bank Information' }),
    ).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('heading', { level: 2, name: 'Address Information' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Bank Information' })).toBeVisible();
  });
});
