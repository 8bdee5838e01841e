import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('toggles between hidden and shown with a pressed toggle button', async () => {
    const { container } = render(<PasswordField name="password" label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, 'secret1');

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('secret1');

    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    hide.focus();
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
    await expectNoAxeViolations(container);
  });

  it('wires hint and error to the input', async () => {
    const { container } = render(
      <PasswordField
        name="password"
        label="New Password"
        hint="At least 6 characters"
        error="Password must be at least 6 characters long"
      />,
    );
    const input = screen.getByLabelText('New Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'At least 6 characters Password must be at least 6 characters long',
    );
    await expectNoAxeViolations(container);
  });
});
