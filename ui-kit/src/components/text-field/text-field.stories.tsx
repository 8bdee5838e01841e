import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { name: 'full_name', label: 'Full Name', onChange: fn(), onBlur: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '28rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Full Name' });
    await userEvent.type(input, 'Asha Menon');
    await expect(input).toHaveValue('Asha Menon');
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalled();
  },
};

export const WithPlaceholder: Story = {
  args: {
    name: 'loan_amount',
    label: 'Loan Amount',
    inputMode: 'numeric',
    placeholder: 'Enter amount (max 10,00,000)',
  },
};

export const WithHint: Story = {
  args: {
    name: 'aadhaar_number',
    label: 'Aadhaar Number',
    hint: '12 digits, spaces between groups of 4 are fine',
    inputMode: 'numeric',
    maxLength: 14,
  },
};

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: {
    name: 'pan_number',
    label: 'PAN Number',
    defaultValue: 'ABCDE12',
    error: 'Please enter a valid PAN',
    touched: true,
    required: true,
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /PAN Number/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter a valid PAN');
  },
};

export const ErrorNotYetTouched: Story = {
  args: { error: 'Full name is required', touched: false },
};

export const Disabled: Story = {
  args: {
    name: 'contact_number',
    label: 'Contact Number',
    defaultValue: '9876543210',
    disabled: true,
  },
};
