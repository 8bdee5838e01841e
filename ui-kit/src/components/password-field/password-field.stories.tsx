import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordField } from './password-field';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { name: 'password', label: 'Password', onChange: fn(), onBlur: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '28rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {};

export const ToggleVisibility: Story = {
  args: { defaultValue: 'secret123' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');

    const show = canvas.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    await expect(input).toHaveAttribute('type', 'text');

    const hide = canvas.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Shown: Story = {
  args: { defaultValue: 'secret123' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show password' }));
  },
};

export const WithHint: Story = {
  args: {
    name: 'new_password',
    label: 'New Password',
    hint: 'At least 6 characters; both passwords must match.',
    autoComplete: 'new-password',
    minLength: 6,
  },
};

export const WithError: Story = {
  args: {
    name: 'confirm_password',
    label: 'Confirm Password',
    defaultValue: 'secret',
    error: 'Passwords do not match',
    touched: true,
    autoComplete: 'new-password',
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'secret123' } };
