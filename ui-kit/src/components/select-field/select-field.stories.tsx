import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SelectField } from './select-field';

const loanTypes = ['Personal Loan', 'Home Loan', 'Educational Loan', 'Car Loan'];

const meta = {
  title: 'Forms/SelectField',
  component: SelectField,
  args: {
    name: 'loan_type',
    label: 'Loan Type',
    placeholder: 'Select loan type',
    options: loanTypes,
    onChange: fn(),
    onBlur: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '28rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultValue: '' },
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Loan Type' });
    await userEvent.selectOptions(select, 'Car Loan');
    await expect(select).toHaveValue('Car Loan');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Selected: Story = { args: { defaultValue: 'Home Loan' } };

export const WithHint: Story = {
  args: {
    name: 'state',
    label: 'State',
    hint: 'Where you live now',
    placeholder: undefined,
    options: ['Karnataka', 'Kerala', 'Tamil Nadu', 'Andaman and Nicobar Islands'],
    defaultValue: 'Kerala',
  },
};

export const WithError: Story = {
  args: { defaultValue: '', error: 'Please select a loan type', touched: true, required: true },
};

export const Disabled: Story = { args: { defaultValue: 'Personal Loan', disabled: true } };
